import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { transactions } from "../../db/schema.ts";
import { type Cents, centsFromSql } from "../pricing/cents.ts";

/** What was refunded to the customer on each order (product rules 4.2), by order id; orders with no refund are absent. */
export async function readOrderRefunds(db: Executor, orderIds: string[]): Promise<Map<string, Cents>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: transactions.orderId,
      refundedCents: sql<string>`sum(${transactions.amountCents})`,
    })
    .from(transactions)
    .where(and(inArray(transactions.orderId, orderIds), eq(transactions.type, "refund")))
    .groupBy(transactions.orderId);
  return new Map(
    rows.flatMap((row) => (row.orderId ? [[row.orderId, centsFromSql(row.refundedCents)]] : [])),
  );
}

/** What was refunded on each auto order (its cancel's remaining posts and its posts' undelivered shares), by id. */
export async function readAutoOrderRefunds(
  db: Executor,
  autoOrderIds: string[],
): Promise<Map<string, Cents>> {
  if (autoOrderIds.length === 0) return new Map();
  const rows = await db
    .select({
      autoOrderId: transactions.autoOrderId,
      refundedCents: sql<string>`sum(${transactions.amountCents})`,
    })
    .from(transactions)
    .where(and(inArray(transactions.autoOrderId, autoOrderIds), eq(transactions.type, "refund")))
    .groupBy(transactions.autoOrderId);
  return new Map(
    rows.flatMap((row) => (row.autoOrderId ? [[row.autoOrderId, centsFromSql(row.refundedCents)]] : [])),
  );
}
