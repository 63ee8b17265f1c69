import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orderStatusChanges, orderStatusEnum, orders } from "../../db/schema.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import { notifyOrderStatusChanged } from "../live/notify-order-status-changed.server.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { partialRefund } from "../pricing/price.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { postLedgerEntry } from "../wallet/post-ledger-entry.server.ts";
import { ORDER_TEXT } from "./messages.ts";
import { queueOrderStatusMail } from "./order-status-mail.server.ts";

export const ORDER_STATUSES = orderStatusEnum.enumValues;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses that give money back (product rules 4.2). */
export const REFUNDING_STATUSES: readonly OrderStatus[] = ["cancelled", "failed", "partial"];

/**
 * Statuses after which nothing changes any more: the refunding ones, and `completed` (delivered: a refund of a
 * delivered order is not a status change). A later change is refused with a clear message.
 */
export const FINAL_STATUSES: readonly OrderStatus[] = ["completed", ...REFUNDING_STATUSES];

export function isFinalStatus(status: OrderStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

export type StatusChange = { ok: true; status: OrderStatus; refundCents: Cents; unchanged: boolean };

export type StatusChangeInput = {
  orderId: string;
  status: OrderStatus;
  /** Units not delivered; required for `partial` unless `refundCents` is given. */
  remains?: number;
  /**
   * For `partial` of an order delivered in several parts: the sum of its parts' undelivered shares (computed by
   * fulfilment from what each part's provider reported), instead of charge x remains / quantity.
   */
  refundCents?: Cents;
  /** The admin who made the change (recorded); absent when fulfilment reports it. */
  adminId?: string;
  /** Change only from one of these statuses (checked under the row lock), e.g. a customer's cancel of a pending order. */
  onlyFrom?: readonly OrderStatus[];
};

export const STATUS_TEXT = {
  notFound: { title: "Not found", message: "This order does not exist." },
  remainsRequired: { title: "Remains required", message: "Enter how many units were not delivered." },
  alreadyStarted: {
    title: "Already started",
    message: "This order has already started, so it can no longer change.",
  },
} as const;

const isCount = (value: number | undefined): value is number =>
  value !== undefined && Number.isSafeInteger(value) && value >= 0;

/**
 * Changes an order's status. `cancelled` and `failed` refund the whole charge, `partial` the undelivered share,
 * exactly once (the order row is locked, final statuses stay final, and the database allows one refund).
 */
export async function setOrderStatus(
  db: Executor,
  input: StatusChangeInput,
): Promise<StatusChange | Refusal> {
  if (!isUuid(input.orderId)) return refuse("not_found", STATUS_TEXT.notFound);
  if (input.status === "partial" && !isCount(input.remains) && !isCount(input.refundCents)) {
    return refuse("invalid", STATUS_TEXT.remainsRequired, { field: "remains" });
  }
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("no key update");
    if (!order) return refuse("not_found", STATUS_TEXT.notFound);
    if (REFUNDING_STATUSES.includes(order.status)) return refuse("conflict", ORDER_TEXT.refundedStatusFinal);
    if (order.status === "completed" && input.status !== "completed")
      return refuse("conflict", ORDER_TEXT.completedStatusFinal);
    if (input.onlyFrom && !input.onlyFrom.includes(order.status))
      return refuse("conflict", STATUS_TEXT.alreadyStarted);
    if (order.status === input.status)
      return { ok: true as const, status: order.status, refundCents: cents(0), unchanged: true };

    const remains =
      input.status === "partial" && isCount(input.remains) ? Math.min(input.remains, order.quantity) : null;
    await tx
      .update(orders)
      .set({
        status: input.status,
        // An admin's correction of a running order's remains stays until the order ends (product rules 14.5).
        remains: input.status === "partial" ? remains : isFinalStatus(input.status) ? null : undefined,
        // The refill window counts from here (product rules 4.7); a final status never changes again.
        endedAt: isFinalStatus(input.status) ? sql`now()` : undefined,
        updatedAt: sql`now()`,
        statusChangedByAdminId: input.adminId,
      })
      .where(eq(orders.id, order.id));
    // The order's status history (docs/decisions/024): every change is made here, so it is recorded here.
    await tx
      .insert(orderStatusChanges)
      .values({ orderId: order.id, status: input.status, byAdmin: input.adminId !== undefined });

    const refundCents =
      input.status === "partial"
        ? isCount(input.refundCents)
          ? cents(Math.min(input.refundCents, order.totalCents))
          : partialRefund(order.totalCents, order.quantity, remains ?? 0)
        : REFUNDING_STATUSES.includes(input.status)
          ? order.totalCents
          : cents(0);
    if (refundCents > 0) {
      await postLedgerEntry(tx, {
        userId: order.userId,
        type: "refund",
        amountCents: refundCents,
        orderId: order.id,
        adminId: input.adminId,
        metadata: {
          reason: `Order ${order.orderNumber} ${input.status}`,
          order_number: order.orderNumber,
          remains,
        },
      });
    }
    await notifyOrderStatusChanged(tx, { userId: order.userId, orderId: order.id, status: input.status });
    await queueOrderStatusMail(tx, { orderId: order.id, status: input.status, refundCents });
    if (input.adminId) {
      await recordAdminAction(tx, {
        adminId: input.adminId,
        action: "order.status",
        subjectType: "order",
        subjectId: order.id,
        details: { from: order.status, to: input.status, refund_cents: refundCents, remains },
      });
    }
    return { ok: true as const, status: input.status, refundCents, unchanged: false };
  });
}
