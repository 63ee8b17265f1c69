/**
 * What every paged list shares, the customer's /orders as much as the admin lists: the page window and a search
 * pattern. Pure helpers, below every area that lists rows.
 */

/** The highest page number a list accepts (a guard against absurd offsets). */
export const MAX_PAGE = 100_000;

/** `q` as an ILIKE pattern matching any text that contains it; `\`, `%` and `_` in `q` match themselves. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

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
