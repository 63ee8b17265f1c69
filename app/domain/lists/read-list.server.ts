import { and, count, eq, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Executor } from "../../db/client.server.ts";
import {
  cursorSql,
  type ListPaging,
  type ListPosition,
  oldestFirstBatches,
  readNewestFirstPage,
} from "./keyset-page.server.ts";
import { MAX_PAGE } from "./list-paging.ts";
import { ADMIN_SEARCH_MAX_LENGTH, LIST_COUNT_CAP } from "./list-search.ts";
import type { SearchRule } from "./search-rules.server.ts";

/**
 * The one reader of the admin lists (docs/decisions/030): each list is a declaration of its rows, its keys, its
 * status filter and its search rules, and `readList` reads one page of it with its capped counts.
 */

/** An admin list's query: the status filter when the list has one, a search text and where the page starts. */
export type ListQuery<S extends string = never> = { status?: S; q?: string } & ListPosition;

/** The part of a Drizzle select a list's rows need: filtered, sorted and limited by the reader. */
type RowSelect<R> = {
  where(where: SQL | undefined): { orderBy(...orderBy: SQL[]): { limit(limit: number): PromiseLike<R[]> } };
};

/**
 * What an admin list is. Its rows are newest first by `createdAt`, then `id` (an index of its table leads with
 * created_at, or with the status and then created_at); `rows` selects its columns, `cursor` among them, from its
 * table and joins, as a dynamic select (`.$dynamic()`) the reader filters, sorts and limits.
 */
export type ListDeclaration<R, S extends string = never> = {
  createdAt: PgColumn;
  id: PgColumn;
  pageSize: number;
  /** The status column and the statuses its filter offers: each is counted, up to the cap, on every view. */
  status?: { column: PgColumn; values: readonly S[] };
  /** What the search box finds: a row matches when any rule does (search-rules.server.ts). */
  search: readonly SearchRule[];
  rows: (db: Executor, cursor: SQL<string>) => RowSelect<R & { cursor: string }>;
};

/** Rows per status (each capped) and `all` their capped sum, for a list with a status filter. */
export type StatusCounts<S extends string> = Record<S | "all", number>;

/** One page of a list: its rows, its place and, for a list with a status filter, the counts. */
export type ListPage<R, S extends string = never> = { rows: R[] } & ListPaging &
  ([S] extends [never]
    ? unknown
    : {
        counts: StatusCounts<S>;
        /** The search found more than the cap: each count is what a capped sample of it holds, at least. */
        countsAtLeast: boolean;
      });

/** A list query's search text: trimmed and at most ADMIN_SEARCH_MAX_LENGTH characters; "" for no search. */
export function searchText(q: string | undefined): string {
  return q?.trim().slice(0, ADMIN_SEARCH_MAX_LENGTH) ?? "";
}

/**
 * One page of a list, newest first, by keyset beyond the first (docs/decisions/030): filtered by status (that
 * status's index) and by the search text (any of the list's rules, each on its own index); the total is the
 * status's capped count, or the search's own capped count.
 */
export async function readList<R, S extends string = never>(
  db: Executor,
  list: ListDeclaration<R, S>,
  query: ListQuery<S> = {},
): Promise<ListPage<R, S>> {
  const { createdAt, id, status } = list;
  const q = searchText(query.q);
  const search = q ? await searchCondition(db, list.search, q) : undefined;
  // The filters count what the search found (product rules 14.31), so each chip says what clicking it shows.
  const found =
    status && search ? await countFoundByStatus(db, status.column, status.values, search) : undefined;
  const counts = status
    ? (found?.counts ?? (await countByStatus(db, status.column, status.values)))
    : undefined;
  const where = and(status && query.status ? eq(status.column, query.status) : undefined, search);
  const total = counts ? counts[query.status ?? "all"] : await countCapped(db, createdAt.table, where);
  const { rows, paging } = await readNewestFirstPage(
    db,
    {
      createdAt,
      id,
      where,
      total,
      pageSize: list.pageSize,
      rows: (pageWhere, orderBy, limit) =>
        list
          .rows(db, cursorSql(createdAt, id))
          .where(pageWhere)
          .orderBy(...orderBy)
          .limit(limit),
    },
    query,
  );
  return {
    rows,
    ...paging,
    ...(counts ? { counts, countsAtLeast: found?.atLeast ?? false } : {}),
  } as ListPage<R, S>;
}

/**
 * The condition a list's query puts on its rows: its status filter and its search, as readList applies them, so
 * an export of the list holds the rows its pages show (product rules 14.36).
 */
export async function listCondition<R, S extends string = never>(
  db: Executor,
  list: ListDeclaration<R, S>,
  query: Pick<ListQuery<S>, "status" | "q">,
): Promise<SQL | undefined> {
  const q = searchText(query.q);
  return and(
    list.status && query.status ? eq(list.status.column, query.status) : undefined,
    q ? await searchCondition(db, list.search, q) : undefined,
  );
}

/** Every row of a list matching `where`, oldest first, `batchSize` at a time: one batch held at once. */
export function listBatches<R, S extends string = never>(
  db: Executor,
  list: ListDeclaration<R, S>,
  where: SQL | undefined,
  batchSize: number,
): AsyncGenerator<R[]> {
  return oldestFirstBatches({
    createdAt: list.createdAt,
    id: list.id,
    where,
    batchSize,
    rows: (batchWhere, orderBy, limit) =>
      list
        .rows(db, cursorSql(list.createdAt, list.id))
        .where(batchWhere)
        .orderBy(...orderBy)
        .limit(limit),
  });
}

/** The rules' conditions for `q`, any of them (the rules that found nothing to look for left out). */
async function searchCondition(db: Executor, rules: readonly SearchRule[], q: string): Promise<SQL> {
  const conditions: (SQL | undefined)[] = [];
  // One after the other: a rule may look accounts up first, and the statements keep their order.
  for (const rule of rules) conditions.push(await rule(db, q));
  return or(...conditions) ?? sql`false`;
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
 * A search's rows per status, in one scan of at most LIST_COUNT_CAP + 1 of them (product rules 14.31): exact when
 * the search finds no more than the cap; beyond, the counts of that sample, each a lower bound (`atLeast`), so a
 * search most rows match costs one capped scan, not one per status.
 */
async function countFoundByStatus<S extends string>(
  db: Executor,
  status: PgColumn,
  statuses: readonly S[],
  search: SQL,
): Promise<{ counts: StatusCounts<S>; atLeast: boolean }> {
  const result = await db.execute<{ status: S; value: number }>(
    sql`select found.status, count(*)::int as value
      from (select ${status} as status from ${status.table} where ${search} limit ${LIST_COUNT_CAP + 1}) as found
      group by found.status`,
  );
  const counts = Object.fromEntries(statuses.map((value) => [value, 0])) as StatusCounts<S>;
  let all = 0;
  for (const row of result.rows) {
    counts[row.status] = Number(row.value);
    all += Number(row.value);
  }
  counts.all = all;
  return { counts, atLeast: all > LIST_COUNT_CAP };
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
): Promise<StatusCounts<S>> {
  const perStatus = statuses.map(
    (value) =>
      sql`select ${value}::text as status, (select count(*) from (select 1 from ${status.table} where ${status} = ${value} limit ${LIST_COUNT_CAP + 1}) as capped)::int as value`,
  );
  const result = await db.execute<{ status: S; value: number }>(sql.join(perStatus, sql` union all `));
  const counts = Object.fromEntries(statuses.map((value) => [value, 0])) as StatusCounts<S>;
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
export function readListQuery<const S extends readonly [string, ...string[]] = never>(
  request: Request,
  statuses?: S,
): ListQuery<S[number]> {
  const status = statuses ? z.enum(statuses).optional() : z.undefined();
  return z
    .object({
      status: status.catch(undefined),
      q: z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH).optional().catch(undefined),
      page: z.coerce.number().int().min(1).max(MAX_PAGE).optional().catch(undefined),
      after: z.string().max(80).optional().catch(undefined),
      before: z.string().max(80).optional().catch(undefined),
    })
    .parse(Object.fromEntries(new URL(request.url).searchParams)) as ListQuery<S[number]>;
}
