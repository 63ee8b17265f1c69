import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { transactions } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";

export type AdminTransactionRow = {
  id: string;
  createdAt: Date;
  type: string;
  amountCents: Cents;
  paymentMethod: string | null;
  status: string;
  paymentGatewayId: string | null;
};

/** A user's ledger rows, newest first (the admin's user page), at most `limit`. */
export async function listUserTransactionsForAdmin(
  db: Executor,
  userId: string,
  limit: number,
): Promise<AdminTransactionRow[]> {
  return db
    .select({
      id: transactions.id,
      createdAt: transactions.createdAt,
      type: transactions.type,
      amountCents: transactions.amountCents,
      paymentMethod: transactions.paymentMethod,
      status: transactions.status,
      paymentGatewayId: transactions.paymentGatewayId,
    })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
}
