import { z } from "zod";
import { formatCount } from "../../lib/format-money.ts";

/**
 * The customer's statement on /wallet and its CSV (product rules 2.10): which of their ledger lines to show, and
 * the words for them. Plain TypeScript, so the page's filters and the server read the same.
 */

/** The ledger's kinds of line, as stored. */
export const STATEMENT_TYPES = ["deposit", "purchase", "refund", "bonus", "adjustment"] as const;
export type StatementType = (typeof STATEMENT_TYPES)[number];

/** A kind of line as the customer's statement names it. */
export const STATEMENT_TYPE_LABELS: Record<StatementType, string> = {
  deposit: "Deposit",
  purchase: "Purchase",
  refund: "Refund",
  bonus: "Bonus",
  adjustment: "Adjustment",
};

/** Lines per page of the statement. */
export const STATEMENT_PAGE_SIZE = 25;

/** A real calendar day written YYYY-MM-DD ("2026-02-30" is none). */
function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

const calendarDay = z.string().trim().refine(isCalendarDay).optional().catch(undefined);

/**
 * The statement's URL query: page, one kind of line and UTC days from and to (both included). Anything that is
 * not one (an impossible date, an unknown kind) is no filter, never an error page.
 */
export const statementQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  type: z.enum(STATEMENT_TYPES).optional().catch(undefined),
  from: calendarDay,
  to: calendarDay,
});
export type StatementQuery = z.output<typeof statementQuery>;
export type StatementFilter = Omit<StatementQuery, "page">;

/** The filters' query string (no page), "" when there are none: the page links and the CSV link keep it. */
export function statementSearch(filter: StatementFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.type) params.set("type", filter.type);
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (page && page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The window of time the filter's days cover: from the first day's start to the end of the last (UTC). */
export function statementWindow(filter: StatementFilter): { start?: Date; end?: Date } {
  const end = filter.to ? new Date(`${filter.to}T00:00:00Z`) : undefined;
  end?.setUTCDate(end.getUTCDate() + 1);
  return { start: filter.from ? new Date(`${filter.from}T00:00:00Z`) : undefined, end };
}

/** The statement's words, in one place. */
export const STATEMENT_TEXT = {
  title: "Statement",
  description: "Every movement of your wallet, newest first.",
  filters: "Filter your statement",
  typeLabel: "Type",
  allTypes: "All types",
  fromLabel: "From",
  toLabel: "To",
  apply: "Apply",
  clear: "Show every line",
  download: "Download CSV",
  empty: "No transactions yet",
  noMatch: "No transactions match these filters",
  pagination: "Pages of your statement",
  balanceAfter: "Balance after",
  csvHeader: ["Date (UTC)", "Type", "Description", "Amount (USD)", "Balance after (USD)"],
  dashboardLink: "See your full statement",
} as const;

/** "Showing 26–50 of 120 transactions". */
export function showingLines(first: number, last: number, total: number): string {
  return `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)} ${total === 1 ? "transaction" : "transactions"}`;
}

/** The CSV's file name: the customer's statement, named by the day it was made. */
export function statementFileName(now: Date): string {
  return `boostly-statement-${now.toISOString().slice(0, 10)}.csv`;
}

/** The statement's query read from a page's address (anything unreadable is no filter). */
export function readStatementQuery(url: URL): StatementQuery {
  return statementQuery.parse(Object.fromEntries(url.searchParams));
}
