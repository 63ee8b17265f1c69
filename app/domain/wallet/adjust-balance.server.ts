import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { formRefusal } from "../admin-form.ts";
import { withAdminAction } from "../audit/record-admin-action.server.ts";
import type { Notice } from "../notice.ts";
import type { Cents } from "../pricing/cents.ts";
import type { Refusal } from "../refusal.ts";
import {
  ADJUSTMENT_TEXT,
  type AdjustmentDirection,
  type AdjustmentKind,
  adjustedText,
  belowZeroText,
  isAdjustmentAmount,
  isAdjustmentReason,
  signedAdjustment,
} from "./balance-adjustment.ts";
import { type LedgerResult, postLedgerEntry } from "./post-ledger-entry.server.ts";

export type BalanceAdjustment = {
  adminId: string;
  userId: string;
  kind: AdjustmentKind;
  direction: AdjustmentDirection;
  /** The amount moved, positive; `direction` gives its sign. */
  amountCents: Cents;
  reason: string;
  /** The order a goodwill refund is for (product rules 14.7): on the ledger row and in its metadata. */
  order?: { id: string; orderNumber: string };
};

export type AdjustmentMade = { ok: true; notice: Notice; transactionId: string; balanceCents: Cents };

/**
 * Credits or debits a wallet by hand (product rules 2.8): one `adjustment` ledger row with its kind and reason, and
 * its audit row, in one transaction. A debit the balance cannot afford is refused and writes nothing: the wallet's
 * conditional update decides under its row lock, so parallel adjustments and orders can never take it below zero.
 */
export async function adjustBalance(
  db: Executor,
  input: BalanceAdjustment,
): Promise<AdjustmentMade | Refusal> {
  const reason = input.reason.trim();
  const fieldErrors = {
    ...(isAdjustmentAmount(input.amountCents) ? {} : { amount: ADJUSTMENT_TEXT.amount }),
    ...(isAdjustmentReason(reason) ? {} : { reason: ADJUSTMENT_TEXT.reason }),
  };
  if (Object.keys(fieldErrors).length > 0) return formRefusal(ADJUSTMENT_TEXT.refused, fieldErrors);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!user)
    return formRefusal(ADJUSTMENT_TEXT.refused, {}, { kind: "not_found", message: ADJUSTMENT_TEXT.noUser });

  const amountCents = signedAdjustment(input.direction, input.amountCents);
  const result = await withAdminAction<LedgerResult>(
    db,
    (tx) =>
      postLedgerEntry(tx, {
        userId: input.userId,
        type: "adjustment",
        amountCents,
        adminId: input.adminId,
        orderId: input.order?.id,
        metadata: {
          kind: input.kind,
          reason,
          ...(input.order ? { order_number: input.order.orderNumber } : {}),
        },
      }),
    (posted) =>
      posted.posted
        ? {
            adminId: input.adminId,
            action: "wallet.adjust",
            subjectType: "user",
            subjectId: input.userId,
            details: {
              transactionId: posted.transactionId,
              kind: input.kind,
              amountCents,
              reason,
              balanceCents: posted.balanceCents,
              ...(input.order ? { orderNumber: input.order.orderNumber } : {}),
            },
          }
        : null,
  );
  if (!result.posted)
    return formRefusal(
      ADJUSTMENT_TEXT.refused,
      { amount: belowZeroText(input.amountCents, result.balanceCents) },
      { kind: "insufficient_funds" },
    );
  return {
    ok: true,
    notice: {
      title: ADJUSTMENT_TEXT.done,
      message: adjustedText(amountCents, input.kind, result.balanceCents),
    },
    transactionId: result.transactionId,
    balanceCents: result.balanceCents,
  };
}
