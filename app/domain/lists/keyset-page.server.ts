import { and, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.server.ts";
import { isUuid } from "../ids.ts";
import { pageWindow } from "./list-paging.ts";

/**
 * Keyset pages of a newest-first list (docs/decisions/030): a page continues from a row's cursor instead of
 * skipping rows, so a page 10,000 deep costs what page 2 does.
 */

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
) => PromiseLike<(R & { cursor: string })[]>;

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

/**
 * Every row of a list oldest first, `batchSize` at a time (an export, product rules 13.36): each batch continues
 * after the last row's cursor, (created_at, id) as the list's index orders them, so no batch skips or repeats a row
 * however many there are, and only one batch is held at a time. Stops when a batch comes back short, or when the
 * reader stops asking.
 */
export async function* oldestFirstBatches<R>(list: {
  createdAt: PgColumn;
  id: PgColumn;
  where: SQL | undefined;
  batchSize: number;
  rows: ReadListRows<R>;
}): AsyncGenerator<R[]> {
  const { createdAt, id, batchSize } = list;
  const oldestFirst = [sql`${createdAt} asc nulls first`, sql`${id} asc`];
  let after: Cursor | null = null;
  for (;;) {
    const found = await list.rows(
      and(list.where, after ? beyond(createdAt, id, after, "newer") : undefined),
      oldestFirst,
      batchSize,
    );
    if (found.length === 0) return;
    after = parseCursor(found.at(-1)?.cursor);
    yield found.map(({ cursor: _cursor, ...row }) => row as R);
    if (found.length < batchSize || !after) return;
  }
}
