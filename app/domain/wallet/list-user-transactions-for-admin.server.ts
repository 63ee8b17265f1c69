import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { transactions } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";
import { adjustmentLabel } from "./balance-adjustment.ts";

export type AdminTransactionRow = {
  id: string;
  createdAt: Date;
  type: string;
  amountCents: Cents;
  paymentMethod: string | null;
  status: string;
  paymentGatewayId: string | null;
  /** An adjustment's kind and the admin's reason, for the admins only (product rules 2.8). */
  note: string | null;
};

/** A user's ledger rows, newest first (the admin's user page), at most `limit`. */
export async function listUserTransactionsForAdmin(
  db: Executor,
  userId: string,
  limit: number,
): Promise<AdminTransactionRow[]> {
  const rows = await db
    .select({
      id: transactions.id,
      createdAt: transactions.createdAt,
      type: transactions.type,
      amountCents: transactions.amountCents,
      paymentMethod: transactions.paymentMethod,
      status: transactions.status,
      paymentGatewayId: transactions.paymentGatewayId,
      metadata: transactions.metadata,
    })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  return rows.map(({ metadata, ...row }) => ({ ...row, note: noteOf(row.type, metadata) }));
}

function noteOf(type: string, metadata: Record<string, unknown>): string | null {
  if (type !== "adjustment") return null;
  const reason = typeof metadata.reason === "string" ? metadata.reason : "";
  return `${adjustmentLabel(metadata.kind)}${reason ? `: ${reason}` : ""}`;
}
