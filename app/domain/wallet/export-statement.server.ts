import { and, eq, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, transactions } from "../../db/schema.ts";
import { cursorSql, oldestFirstBatches } from "../lists/keyset-page.server.ts";
import { type Cents, cents, centsFromSql } from "../pricing/cents.ts";
import { statementConditions } from "./list-statement.server.ts";
import { describeLine, statementLineColumns } from "./list-transactions.server.ts";
import { type StatementFilter, type StatementType, statementWindow } from "./statement-query.ts";

/** Ledger rows the statement's CSV reads per statement: one batch is all it holds at a time. */
const STATEMENT_BATCH_SIZE = 1_000;

/** One line of the customer's statement as its CSV writes it. */
export type StatementLine = {
  createdAt: Date;
  type: StatementType;
  description: string;
  amountCents: Cents;
  balanceAfterCents: Cents;
};

/**
 * Every ledger row of one customer in the filter's days, oldest first, in keyset batches (decisions/030), with the
 * balance each left: the sum of their rows before the first day, carried through every row of the days, so a
 * type filter hides lines but never the money they moved (product rules 2.10). Their own rows only.
 */
export async function* exportStatement(
  db: Executor,
  userId: string,
  filter: StatementFilter,
): AsyncGenerator<StatementLine[]> {
  const { start } = statementWindow(filter);
  let balance = 0;
  if (start) {
    const [before] = await db
      .select({ sum: sql<string>`coalesce(sum(${transactions.amountCents}), 0)` })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), lt(transactions.createdAt, start)));
    balance = centsFromSql(before?.sum ?? "0");
  }
  const batches = oldestFirstBatches({
    createdAt: transactions.createdAt,
    id: transactions.id,
    where: statementConditions(userId, { from: filter.from, to: filter.to }),
    batchSize: STATEMENT_BATCH_SIZE,
    rows: (where, orderBy, limit) =>
      db
        .select({ ...statementLineColumns, cursor: cursorSql(transactions.createdAt, transactions.id) })
        .from(transactions)
        .leftJoin(orders, eq(orders.id, transactions.orderId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
  });
  for await (const batch of batches) {
    const lines: StatementLine[] = [];
    for (const row of batch) {
      balance += row.amountCents;
      if (filter.type && row.type !== filter.type) continue;
      lines.push({
        createdAt: row.createdAt,
        type: row.type,
        description: describeLine(row),
        amountCents: row.amountCents,
        balanceAfterCents: cents(balance),
      });
    }
    yield lines;
  }
}
