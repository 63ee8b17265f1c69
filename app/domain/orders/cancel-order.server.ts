import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { sendDueCancels, withdrawOrderParts } from "../fulfilment/cancel-upstream.server.ts";
import { isUuid } from "../ids.ts";
import type { Cents } from "../pricing/cents.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { CANCEL_TEXT, withinCancelWindow } from "./cancel-rules.ts";
import { endOrderWhenAllPartsEnded } from "./close-order-part.server.ts";
import { ORDER_TEXT } from "./messages.ts";
import { isFinalStatus, REFUNDING_STATUSES, STATUS_TEXT, setOrderStatus } from "./set-order-status.server.ts";

/** Who cancels: the customer who owns the order (within the cancel window), or an admin (any time). */
export type Canceller = { customerId: string } | { adminId: string };

export type CancelOutcome =
  /** Nothing was with a provider: cancelled and refunded now. */
  | { ok: true; outcome: "cancelled"; refundCents: Cents }
  /** A provider has (part of) it: it was asked to cancel; the refund follows what it confirms. */
  | { ok: true; outcome: "requested"; alreadyRequested: boolean };

/**
 * Cancels an order under the shop's cancel rules (docs/decisions/010, 046): what was never sent upstream is cancelled
 * and refunded at once; what a provider has is cancelled by asking that provider (the standard `cancel`), and
 * only what it then reports as not delivered is refunded (everything for Canceled, the remains for Partial). The
 * provider is asked once, however many cancels race; the order row's lock orders them. A customer's cancel of an
 * order a provider has whose catalogue takes no cancels is refused (customerCancelOffer's rule, under the lock).
 */
export async function cancelOrder(
  db: Database,
  input: { orderId: string; by: Canceller },
): Promise<CancelOutcome | Refusal> {
  if (!isUuid(input.orderId)) return refuse("not_found", STATUS_TEXT.notFound);
  const customerId = "customerId" in input.by ? input.by.customerId : undefined;
  const adminId = "adminId" in input.by ? input.by.adminId : undefined;
  const decided = await db.transaction(async (tx): Promise<CancelOutcome | Refusal> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), customerId ? eq(orders.userId, customerId) : undefined))
      .for("update");
    if (!order) return refuse("not_found", STATUS_TEXT.notFound);
    if (REFUNDING_STATUSES.includes(order.status)) return refuse("conflict", ORDER_TEXT.refundedStatusFinal);
    if (isFinalStatus(order.status)) return refuse("conflict", ORDER_TEXT.completedStatusFinal);
    if (order.cancelRequestedAt) return { ok: true, outcome: "requested", alreadyRequested: true };
    if (customerId && !withinCancelWindow(order.createdAt, new Date()))
      return refuse("conflict", CANCEL_TEXT.windowPassed);

    if (order.delivery === "provider") {
      // A customer's cancel is only what can be honoured (docs/decisions/046): a part with a provider whose
      // catalogue takes no cancels refuses it, before anything is withdrawn. An admin may still ask any provider.
      const withdrawn = await withdrawOrderParts(tx, order.id, {
        onlyCancelsProvidersTake: Boolean(customerId),
      });
      if ("providerTakesNoCancels" in withdrawn)
        return refuse("conflict", CANCEL_TEXT.providerTakesNoCancels);
      if (withdrawn.askedUpstream) {
        await tx
          .update(orders)
          .set({ cancelRequestedAt: sql`now()`, statusChangedByAdminId: adminId, updatedAt: sql`now()` })
          .where(eq(orders.id, order.id));
        if (adminId) await auditCancelRequest(tx, adminId, order.id);
        return { ok: true, outcome: "requested", alreadyRequested: false };
      }
      // Nothing was with a provider: the order ends from its parts (some may have been delivered already).
      const ended = await endOrderWhenAllPartsEnded(tx, order, adminId);
      if (ended !== "undecided")
        return ended.ok ? { ok: true, outcome: "cancelled", refundCents: ended.refundCents } : ended;
    }
    // A person delivers it: a customer may cancel only until they start; an admin decides for themselves.
    const changed = await setOrderStatus(tx, {
      orderId: order.id,
      status: "cancelled",
      adminId,
      onlyFrom: customerId ? ["pending"] : undefined,
    });
    return changed.ok ? { ok: true, outcome: "cancelled", refundCents: changed.refundCents } : changed;
  });
  if (decided.ok && decided.outcome === "requested" && !decided.alreadyRequested)
    await sendDueCancels(db, { orderId: input.orderId });
  return decided;
}

async function auditCancelRequest(tx: Executor, adminId: string, orderId: string) {
  await recordAdminAction(tx, {
    adminId,
    action: "order.cancel_requested",
    subjectType: "order",
    subjectId: orderId,
    details: { asked_provider: true },
  });
}
