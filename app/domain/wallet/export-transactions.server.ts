import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { autoOrders, orders, transactions, users } from "../../db/schema.ts";
import { cursorSql, oldestFirstBatches } from "../lists/keyset-page.server.ts";
import type { Cents } from "../pricing/cents.ts";

/** Ledger rows an export reads per statement: one batch is all it holds at a time. */
const EXPORT_BATCH_SIZE = 1_000;

/** One ledger row as the transactions export writes it (product rules 13.36). */
export type ExportedTransaction = {
  createdAt: Date;
  customerEmail: string;
  type: "deposit" | "purchase" | "refund" | "adjustment" | "bonus";
  amountCents: Cents;
  status: "pending" | "completed" | "failed";
  paymentMethod: string | null;
  /**
   * What the row is about: the payment's reference for a deposit, the order's number (or the auto order's API id)
   * for a purchase or refund, the reason an admin or the shop gave otherwise.
   */
  reference: string | null;
};

/**
 * Every ledger row made in [start, end), oldest first, in batches (keyset on transactions_created_idx,
 * decisions/030), with its customer's e-mail and its reference.
 */
export function exportTransactions(
  db: Executor,
  window: { start: Date; end: Date },
  /** One customer's rows only (a user's page's export, product rules 14.36). */
  userId?: string,
): AsyncGenerator<ExportedTransaction[]> {
  return oldestFirstBatches({
    createdAt: transactions.createdAt,
    id: transactions.id,
    where: and(
      gte(transactions.createdAt, window.start),
      lt(transactions.createdAt, window.end),
      userId ? eq(transactions.userId, userId) : undefined,
    ),
    batchSize: EXPORT_BATCH_SIZE,
    rows: (where, orderBy, limit) =>
      db
        .select({
          createdAt: transactions.createdAt,
          customerEmail: users.email,
          type: transactions.type,
          amountCents: transactions.amountCents,
          status: transactions.status,
          paymentMethod: transactions.paymentMethod,
          reference: sql<string | null>`coalesce(${transactions.paymentGatewayId}, ${orders.orderNumber},
            'Auto order ' || ${autoOrders.apiId}, ${transactions.metadata} ->> 'reason')`,
          cursor: cursorSql(transactions.createdAt, transactions.id),
        })
        .from(transactions)
        .innerJoin(users, eq(users.id, transactions.userId))
        .leftJoin(orders, eq(orders.id, transactions.orderId))
        .leftJoin(autoOrders, eq(autoOrders.id, transactions.autoOrderId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
  });
}
