import { type AnyColumn, and, count, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Executor } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import { containsPattern, MAX_PAGE, pageWindow } from "../lists/list-paging.ts";
import { ADMIN_SEARCH_MAX_LENGTH, LIST_COUNT_CAP } from "./list-search.ts";

/** A list query's search text: trimmed and at most ADMIN_SEARCH_MAX_LENGTH characters; "" for no search. */
export function searchText(q: string | undefined): string {
  return q?.trim().slice(0, ADMIN_SEARCH_MAX_LENGTH) ?? "";
}

/** An e-mail as stored (accounts keep theirs lower-cased), if `q` is a whole address, else null. */
export function wholeEmail(q: string): string | null {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q) ? q.toLowerCase() : null;
}

/** Accounts a search names by id at most; beyond, the condition stays a subquery (docs/decisions/030). */
const LISTED_CUSTOMERS = 1_000;

/**
 * A row whose customer's e-mail is `q` (a whole address: users_email_unique) or contains it (users_email_trgm_idx),
 * every matching customer however many (docs/decisions/030). The accounts are looked up first: up to 1,000 become
 * `user_id = any(<their ids>)`, which the planner sizes and can combine with a list's other indexed conditions
 * (a BitmapOr); more than that means the rows are common, and a semi-join lets the newest-first walk stop early.
 */
export async function customerEmailMatches(db: Executor, userId: AnyColumn | SQL, q: string): Promise<SQL> {
  const email = wholeEmail(q);
  const match = email ? sql`${users.email} = ${email}` : sql`${users.email} ilike ${containsPattern(q)}`;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(match)
    .limit(LISTED_CUSTOMERS + 1);
  if (found.length === 0) return sql`false`;
  if (found.length <= LISTED_CUSTOMERS) {
    const ids = found.map((row) => row.id);
    return sql`${userId} = any(${sql.param(ids)}::uuid[])`;
  }
  return sql`${userId} in (select ${users.id} from ${users} where ${match})`;
}

/** Rows of `table` matching `where`, counted up to LIST_COUNT_CAP + 1 (more than the cap reads as the cap + 1). */
export async function countCapped(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(table)
    .where(where)
    .limit(LIST_COUNT_CAP + 1)
    .as("capped");
  const [row] = await db.select({ value: count() }).from(capped);
  return Number(row?.value ?? 0);
}

/**
 * Rows per status, each counted up to LIST_COUNT_CAP + 1 in one statement (an index-only scan of an index the
 * status leads, stopping at the cap), every status present (0 when it has none) and `all` their sum, itself
 * capped: a list's filter counts (docs/decisions/030).
 */
export async function countByStatus<S extends string>(
  db: Executor,
  status: PgColumn,
  statuses: readonly S[],
): Promise<Record<S | "all", number>> {
  const perStatus = statuses.map(
    (value) =>
      sql`select ${value}::text as status, (select count(*) from (select 1 from ${status.table} where ${status} = ${value} limit ${LIST_COUNT_CAP + 1}) as capped)::int as value`,
  );
  const result = await db.execute<{ status: S; value: number }>(sql.join(perStatus, sql` union all `));
  const counts = Object.fromEntries(statuses.map((value) => [value, 0])) as Record<S | "all", number>;
  let all = 0;
  for (const row of result.rows) {
    counts[row.status] = Number(row.value);
    all += Number(row.value);
  }
  counts.all = Math.min(all, LIST_COUNT_CAP + 1);
  return counts;
}

/**
 * An admin list's URL query (status filter when the list has one, search, page). Anything unexpected falls back
 * to the first page of the unfiltered list rather than an error page.
 */
export function readAdminListQuery<const S extends readonly [string, ...string[]]>(
  request: Request,
  statuses?: S,
): { status?: S[number]; q?: string } & ListPosition {
  const status = statuses ? z.enum(statuses).optional() : z.undefined();
  return z
    .object({
      status: status.catch(undefined),
      q: z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH).optional().catch(undefined),
      page: z.coerce.number().int().min(1).max(MAX_PAGE).optional().catch(undefined),
      after: z.string().max(80).optional().catch(undefined),
      before: z.string().max(80).optional().catch(undefined),
    })
    .parse(Object.fromEntries(new URL(request.url).searchParams)) as {
    status?: S[number];
    q?: string;
  } & ListPosition;
}

/** Where a list page starts: a page number (the first by default), or a row's cursor it continues after or before. */
export type ListPosition = { page?: number; after?: string; before?: string };

/**
 * A page's place in its list. `total` is capped (LIST_COUNT_CAP + 1 means "more"); `next` is the cursor the
 * following page continues after (null on the last page), `previous` the one the page before ends at (null on the
 * first page).
 */
export type ListPaging = {
  page: number;
  pageCount: number;
  total: number;
  next: string | null;
  previous: string | null;
};

type Cursor = { micros: string; id: string };

/** A row's cursor: its created_at in microseconds since the epoch and its id, "1764000000123456_<uuid>". */
export function cursorSql(createdAt: PgColumn, id: PgColumn): SQL<string> {
  return sql<string>`(extract(epoch from ${createdAt}) * 1000000)::bigint || '_' || ${id}`;
}

function parseCursor(text: string | undefined): Cursor | null {
  const match = /^(\d{1,17})_(.+)$/.exec(text ?? "");
  return match?.[1] && match[2] && isUuid(match[2]) ? { micros: match[1], id: match[2] } : null;
}

/**
 * Rows before (`older`) or after a cursor in newest-first order: (created_at, id) compared as a pair, with the
 * created_at bound on its own too so the created_at index can start there.
 */
function beyond(createdAt: PgColumn, id: PgColumn, cursor: Cursor, direction: "older" | "newer"): SQL {
  const time = sql`('epoch'::timestamptz + ${cursor.micros}::bigint * interval '1 microsecond')`;
  return direction === "older"
    ? sql`(${createdAt} <= ${time} and (${createdAt}, ${id}) < (${time}, ${cursor.id}::uuid))`
    : sql`(${createdAt} >= ${time} and (${createdAt}, ${id}) > (${time}, ${cursor.id}::uuid))`;
}

/** How a list reads its rows: filtered by `where`, in `orderBy`, at most `limit`, each with its cursor. */
export type ReadListRows<R> = (
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
) => Promise<(R & { cursor: string })[]>;

/**
 * One page of a newest-first list (created_at, then id, descending), by keyset: a page after or before a cursor
 * reads only its own rows however deep it is; a numbered page first finds where it starts with a light scan of
 * the list's keys, then reads its rows the same way, so the full rows are built for that page only
 * (docs/decisions/030). `total` is the list's capped count.
 */
export async function readNewestFirstPage<R>(
  db: Executor,
  list: {
    createdAt: PgColumn;
    id: PgColumn;
    where: SQL | undefined;
    total: number;
    pageSize: number;
    rows: ReadListRows<R>;
  },
  position: ListPosition,
): Promise<{ rows: R[]; paging: ListPaging }> {
  const { createdAt, id, pageSize } = list;
  const newestFirst = [sql`${createdAt} desc nulls last`, sql`${id} desc`];
  const pageCount = Math.max(1, Math.ceil(list.total / pageSize));
  const after = parseCursor(position.after);
  const before = parseCursor(position.before);
  const cursorOf = (row: { cursor: string } | undefined) => row?.cursor ?? null;
  const strip = (rows: (R & { cursor: string })[]) => rows.map(({ cursor: _cursor, ...row }) => row as R);

  if (before && !after) {
    const oldestFirst = [sql`${createdAt} asc nulls first`, sql`${id} asc`];
    const found = await list.rows(
      and(list.where, beyond(createdAt, id, before, "newer")),
      oldestFirst,
      pageSize + 1,
    );
    const morePrevious = found.length > pageSize;
    const rows = found.slice(0, pageSize).reverse();
    const page = morePrevious ? Math.max(2, Math.trunc(position.page ?? 2)) : 1;
    return {
      rows: strip(rows),
      paging: {
        page,
        pageCount,
        total: list.total,
        next: cursorOf(rows.at(-1)),
        previous: morePrevious ? cursorOf(rows[0]) : null,
      },
    };
  }

  let where = list.where;
  let page: number;
  if (after) {
    where = and(where, beyond(createdAt, id, after, "older"));
    page = Math.max(2, Math.trunc(position.page ?? 2));
  } else {
    const window = pageWindow(position.page, list.total, pageSize);
    page = window.page;
    if (window.offset > 0) {
      const [start] = await db
        .select({ cursor: cursorSql(createdAt, id) })
        .from(createdAt.table)
        .where(where)
        .orderBy(...newestFirst)
        .limit(1)
        .offset(window.offset - 1);
      const cursor = parseCursor(start?.cursor);
      if (cursor) where = and(where, beyond(createdAt, id, cursor, "older"));
    }
  }
  const found = await list.rows(where, newestFirst, pageSize + 1);
  const rows = found.slice(0, pageSize);
  return {
    rows: strip(rows),
    paging: {
      page,
      pageCount,
      total: list.total,
      next: found.length > pageSize ? cursorOf(rows.at(-1)) : null,
      previous: page > 1 ? cursorOf(rows[0]) : null,
    },
  };
}
