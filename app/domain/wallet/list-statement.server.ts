import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, transactions } from "../../db/schema.ts";
import { pageWindow } from "../lists/list-paging.ts";
import { centsFromSql } from "../pricing/cents.ts";
import { describeLine, statementLineColumns, type WalletTransaction } from "./list-transactions.server.ts";
import {
  STATEMENT_PAGE_SIZE,
  type StatementFilter,
  type StatementQuery,
  statementWindow,
} from "./statement-query.ts";

export type StatementPage = {
  lines: WalletTransaction[];
  /** The customer's lines that match the filter. */
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** The filter's conditions on one customer's ledger rows (their own only). */
export function statementConditions(userId: string, filter: StatementFilter): SQL | undefined {
  const { start, end } = statementWindow(filter);
  return and(
    eq(transactions.userId, userId),
    filter.type ? eq(transactions.type, filter.type) : undefined,
    start ? gte(transactions.createdAt, start) : undefined,
    end ? lt(transactions.createdAt, end) : undefined,
  );
}

/**
 * One page of a customer's statement (product rules 2.10): every ledger row of theirs that matches the filter,
 * newest first, 25 a page, each with the balance it left. The balance is the running sum of all their rows (a
 * filter hides lines, never the money they moved), read on transactions_user_created_idx.
 */
export async function listStatement(
  db: Executor,
  userId: string,
  query: StatementQuery,
): Promise<StatementPage> {
  const where = statementConditions(userId, query);
  const [counted] = await db.select({ total: count() }).from(transactions).where(where);
  const total = counted?.total ?? 0;
  const { page, pageCount, offset } = pageWindow(query.page, total, STATEMENT_PAGE_SIZE);
  const ledger = db
    .select({
      id: transactions.id,
      balanceAfterCents:
        sql<string>`sum(${transactions.amountCents}) over (order by ${transactions.createdAt}, ${transactions.id})`.as(
          "balance_after_cents",
        ),
    })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .as("ledger");
  const rows = await db
    .select({ id: transactions.id, ...statementLineColumns, balanceAfterCents: ledger.balanceAfterCents })
    .from(transactions)
    .innerJoin(ledger, eq(ledger.id, transactions.id))
    .leftJoin(orders, eq(orders.id, transactions.orderId))
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(STATEMENT_PAGE_SIZE)
    .offset(offset);
  return {
    lines: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      type: row.type,
      amountCents: row.amountCents,
      description: describeLine(row),
      balanceAfterCents: centsFromSql(row.balanceAfterCents),
    })),
    total,
    page,
    pageCount,
    pageSize: STATEMENT_PAGE_SIZE,
  };
}
