import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Executor } from "../../db/client.server.ts";
import { orders, transactions } from "../../db/schema.ts";
import { formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import { goodwillRefundMail } from "../mail/notification-templates.ts";
import { shopUrl } from "../mail/shop-url.server.ts";
import type { Notice } from "../notice.ts";
import { queueNotification } from "../notifications/queue-notification.server.ts";
import { type Cents, cents, centsFromSql, parseDollars } from "../pricing/cents.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { adjustBalance } from "../wallet/adjust-balance.server.ts";
import { ADJUSTMENT_TEXT, isAdjustmentReason } from "../wallet/balance-adjustment.ts";
import { readOrderRefunds } from "../wallet/order-refunds.server.ts";
import { OVERRIDE_TEXT } from "./order-override-text.ts";
import { isFinalStatus, STATUS_TEXT } from "./set-order-status.server.ts";

/** The goodwill refund form of an ended order (intent=goodwill-refund): the amount in dollars and a reason. */
export const goodwillRefundForm = z
  .object({
    intent: z.literal("goodwill-refund"),
    orderId: z.uuid(),
    amount: z.string().max(30),
    reason: z.string().max(2_000),
  })
  .strict();

export type GoodwillRefund = { orderId: string; adminId: string; amount: string; reason: string };

/**
 * What an ended order may still give back (product rules 14.7): its charge less its refund and the goodwill
 * already credited for it (adjustments naming it). Read under the order's lock when the caller holds it.
 */
export async function goodwillLeftCents(
  db: Executor,
  order: { id: string; totalCents: Cents },
): Promise<Cents> {
  const [refunds, [credited]] = await Promise.all([
    readOrderRefunds(db, [order.id]),
    db
      .select({ sum: sql<string>`coalesce(sum(${transactions.amountCents}), 0)` })
      .from(transactions)
      .where(and(eq(transactions.orderId, order.id), eq(transactions.type, "adjustment"))),
  ]);
  const given = (refunds.get(order.id) ?? 0) + centsFromSql(credited?.sum ?? "0");
  return cents(Math.max(order.totalCents - given, 0));
}

/**
 * A goodwill refund on an order that has ended (product rules 14.7): a `goodwill` balance adjustment through
 * adjustBalance naming the order (its id on the ledger row, its number in the metadata), never more than
 * goodwillLeftCents, under the order's lock so two at once cannot pass it together; audited on the wallet
 * (wallet.adjust) and on the order (order.goodwill_refund), and mailed to the customer, in one transaction.
 */
export async function refundGoodwill(
  db: Database,
  input: GoodwillRefund,
): Promise<{ ok: true; notice: Notice; amountCents: Cents } | Refusal> {
  if (!isUuid(input.orderId)) return refuse("not_found", STATUS_TEXT.notFound);
  const reason = input.reason.trim();
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) return refuse("not_found", STATUS_TEXT.notFound);
    if (!isFinalStatus(order.status))
      return formRefusal(
        OVERRIDE_TEXT.goodwillRefused,
        {},
        { kind: "conflict", message: OVERRIDE_TEXT.goodwillNotEnded },
      );
    const left = await goodwillLeftCents(tx, order);
    if (left === 0)
      return formRefusal(
        OVERRIDE_TEXT.goodwillRefused,
        {},
        { kind: "conflict", message: OVERRIDE_TEXT.goodwillNothingLeft },
      );
    const amountCents = parseDollars(input.amount);
    const fieldErrors = {
      ...(amountCents === null || amountCents < 1 || amountCents > left
        ? { amount: OVERRIDE_TEXT.goodwillAmount(left) }
        : {}),
      ...(isAdjustmentReason(reason) ? {} : { reason: ADJUSTMENT_TEXT.reason }),
    };
    if (Object.keys(fieldErrors).length > 0 || amountCents === null)
      return formRefusal(OVERRIDE_TEXT.goodwillRefused, fieldErrors);

    const made = await adjustBalance(tx, {
      adminId: input.adminId,
      userId: order.userId,
      kind: "goodwill",
      direction: "credit",
      amountCents,
      reason: `${order.orderNumber}: ${reason}`.slice(0, 500),
      order: { id: order.id, orderNumber: order.orderNumber },
    });
    if (!made.ok) return made;
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "order.goodwill_refund",
      subjectType: "order",
      subjectId: order.id,
      details: {
        amount_cents: amountCents,
        left_before_cents: left,
        transaction_id: made.transactionId,
        reason,
      },
    });
    await queueNotification(tx, {
      userId: order.userId,
      kind: "orderUpdates",
      compose: (recipient) =>
        goodwillRefundMail(recipient, {
          orderNumber: order.orderNumber,
          amountCents,
          balanceCents: made.balanceCents,
          walletUrl: shopUrl("/wallet"),
        }),
    });
    return { ok: true as const, amountCents, notice: made.notice };
  });
}
