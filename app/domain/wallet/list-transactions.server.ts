import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, transactions } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";
import { adjustmentLabel } from "./balance-adjustment.ts";
import { bonusLabel } from "./bonus-kinds.ts";
import type { StatementType } from "./statement-query.ts";

export type WalletTransaction = {
  id: string;
  createdAt: string;
  type: StatementType;
  amountCents: Cents;
  description: string;
  /** The balance this line left (the statement's lines; the short recent lists leave it out). */
  balanceAfterCents?: Cents;
};

/** What a ledger row's description is made of. */
export type DescribedRow = {
  type: WalletTransaction["type"];
  paymentMethod: string | null;
  orderNumber: string | null;
  autoOrderId: string | null;
  metadata: Record<string, unknown>;
};

/**
 * The columns a customer's statement line is read from (its description's, `describeLine`), joined to `orders` by
 * the row's order: the recent lists, the paged statement and its CSV select these and add their own.
 */
export const statementLineColumns = {
  createdAt: transactions.createdAt,
  type: transactions.type,
  amountCents: transactions.amountCents,
  paymentMethod: transactions.paymentMethod,
  autoOrderId: transactions.autoOrderId,
  metadata: transactions.metadata,
  orderNumber: orders.orderNumber,
};

/** A deposit's line by how it was paid (its ledger row's payment method); a card's for the card and the sandbox. */
const DEPOSIT_LINES: Record<string, string> = {
  paypal: "PayPal deposit",
  crypto: "Crypto deposit",
  manual: "Manual deposit",
};

/** What a ledger row means to the customer, in the shop's words. */
export function describeLine(row: DescribedRow): string {
  switch (row.type) {
    case "deposit":
      return DEPOSIT_LINES[row.paymentMethod ?? ""] ?? "Card deposit";
    case "purchase":
      if (row.orderNumber) return `Order ${row.orderNumber}`;
      return row.autoOrderId ? "Auto order" : "Purchase";
    case "refund":
      if (row.orderNumber) return `Refund for order ${row.orderNumber}`;
      return row.autoOrderId ? "Auto order refund" : "Refund";
    case "bonus":
      return bonusLabel(row.metadata.kind);
    default:
      // The kind's label only: an admin's reason is for the admins (product rules 2.8); a goodwill refund names
      // its order (product rules 14.7).
      return row.orderNumber
        ? `${adjustmentLabel(row.metadata.kind)} for order ${row.orderNumber}`
        : adjustmentLabel(row.metadata.kind);
  }
}

/** The user's newest ledger rows (their own only), newest first, for the wallet and dashboard. */
export async function listRecentTransactions(
  db: Executor,
  input: { userId: string; limit: number },
): Promise<WalletTransaction[]> {
  const rows = await db
    .select({ id: transactions.id, ...statementLineColumns })
    .from(transactions)
    .leftJoin(orders, eq(orders.id, transactions.orderId))
    .where(eq(transactions.userId, input.userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(Math.min(Math.max(input.limit, 1), 100));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    amountCents: row.amountCents,
    description: describeLine(row),
  }));
}
