import { type AnyColumn, count, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Executor } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { ADMIN_SEARCH_MAX_LENGTH } from "./list-search.ts";

/** A list query's search text: trimmed and at most ADMIN_SEARCH_MAX_LENGTH characters; "" for no search. */
export function searchText(q: string | undefined): string {
  return q?.trim().slice(0, ADMIN_SEARCH_MAX_LENGTH) ?? "";
}

/** `q` as an ILIKE pattern matching any text that contains it; `\`, `%` and `_` in `q` match themselves. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A row whose customer's e-mail contains `q`, as a correlated EXISTS on the row's user id: every matching
 * customer counts, however many there are (the pattern is a bound parameter).
 */
export function customerEmailContains(userId: AnyColumn, q: string): SQL {
  return sql`exists (select 1 from ${users} as u where u.id = ${userId} and u.email ilike ${containsPattern(q)})`;
}

/**
 * Rows per status from one `count(*) ... group by status` (an index-only scan of an index the status leads),
 * every status present (0 when it has none) and `all` their sum: a list's filter counts.
 */
export async function countByStatus<S extends string>(
  db: Executor,
  status: PgColumn,
  statuses: readonly S[],
): Promise<Record<S | "all", number>> {
  const rows = await db
    .select({ status: sql<S>`${status}`, value: count() })
    .from(status.table)
    .groupBy(status);
  const counts = Object.fromEntries(statuses.map((value) => [value, 0])) as Record<S | "all", number>;
  counts.all = 0;
  for (const row of rows) {
    counts[row.status] = Number(row.value);
    counts.all += Number(row.value);
  }
  return counts;
}

/** The highest page number a list accepts (a guard against absurd offsets). */
const MAX_PAGE = 100_000;

/** The page to show for a requested page number: clamped to 1..pageCount, with its row offset. */
export function pageWindow(
  requestedPage: number | undefined,
  total: number,
  pageSize: number,
): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const requested = Math.min(Math.max(Math.trunc(requestedPage ?? 1) || 1, 1), MAX_PAGE);
  const page = Math.min(requested, pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}

/**
 * An admin list's URL query (status filter when the list has one, search, page). Anything unexpected falls back
 * to the first page of the unfiltered list rather than an error page.
 */
export function readAdminListQuery<const S extends readonly [string, ...string[]]>(
  request: Request,
  statuses?: S,
): { status?: S[number]; q?: string; page?: number } {
  const status = statuses ? z.enum(statuses).optional() : z.undefined();
  return z
    .object({
      status: status.catch(undefined),
      q: z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH).optional().catch(undefined),
      page: z.coerce.number().int().min(1).max(MAX_PAGE).optional().catch(undefined),
    })
    .parse(Object.fromEntries(new URL(request.url).searchParams)) as {
    status?: S[number];
    q?: string;
    page?: number;
  };
}
