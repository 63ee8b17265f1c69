import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { transactions, users } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";

export type LedgerEntry = {
  userId: string;
  type: "deposit" | "purchase" | "refund" | "adjustment" | "bonus";
  /** Signed: credits positive, purchases negative. */
  amountCents: Cents;
  orderId?: string;
  autoOrderId?: string;
  depositId?: string;
  adminId?: string;
  paymentMethod?: string;
  paymentGatewayId?: string;
  metadata?: Record<string, unknown>;
};

export type LedgerResult =
  | { ok: true; transactionId: string; balanceCents: Cents }
  | { ok: false; error: "insufficient_funds"; balanceCents: Cents };

/** Channel of the NOTIFY sent (at commit) for every balance change; live pages listen to it. */
export const BALANCE_CHANNEL = "balance_changed";

/**
 * Moves money: updates the cached balance (only if it stays >= 0) and writes the ledger row, inside the
 * caller's transaction, so both happen or neither. The wallet row is the first lock any money write takes.
 */
export async function postLedgerEntry(tx: Executor, entry: LedgerEntry): Promise<LedgerResult> {
  const [updated] = await tx
    .update(users)
    .set({ balanceCents: sql`${users.balanceCents} + ${entry.amountCents}`, updatedAt: sql`now()` })
    .where(and(eq(users.id, entry.userId), sql`${users.balanceCents} + ${entry.amountCents} >= 0`))
    .returning({ balanceCents: users.balanceCents });
  if (!updated) {
    const [current] = await tx
      .select({ balanceCents: users.balanceCents })
      .from(users)
      .where(eq(users.id, entry.userId));
    if (!current) throw new Error(`No wallet for user ${entry.userId}`);
    return { ok: false, error: "insufficient_funds", balanceCents: current.balanceCents as Cents };
  }
  const [ledgerRow] = await tx
    .insert(transactions)
    .values({
      userId: entry.userId,
      type: entry.type,
      amountCents: entry.amountCents,
      status: "completed",
      orderId: entry.orderId,
      autoOrderId: entry.autoOrderId,
      depositId: entry.depositId,
      adminId: entry.adminId,
      paymentMethod: entry.paymentMethod,
      paymentGatewayId: entry.paymentGatewayId,
      metadata: entry.metadata ?? {},
    })
    .returning({ id: transactions.id });
  await tx.execute(
    sql`select pg_notify(${BALANCE_CHANNEL}, ${JSON.stringify({ userId: entry.userId, balanceCents: updated.balanceCents })})`,
  );
  if (!ledgerRow) throw new Error("The ledger row was not written");
  return { ok: true, transactionId: ledgerRow.id, balanceCents: updated.balanceCents as Cents };
}
