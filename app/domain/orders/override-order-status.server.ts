import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database, Executor } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import {
  closePartsByAdmin,
  type OpenPart,
  readOpenParts,
} from "../fulfilment/close-parts-by-admin.server.ts";
import { isUuid } from "../ids.ts";
import type { Notice } from "../notice.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { partialRefund } from "../pricing/price.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { readOrderRefunds } from "../wallet/order-refunds.server.ts";
import { ORDER_TEXT } from "./messages.ts";
import { OVERRIDE_TEXT, overriddenText, overrideSummary } from "./order-override-text.ts";
import { ADMIN_ORDER_STATUSES, type AdminOrderStatus } from "./order-status-labels.ts";
import { isFinalStatus, REFUNDING_STATUSES, STATUS_TEXT, setOrderStatus } from "./set-order-status.server.ts";

const count = z
  .string()
  .trim()
  .regex(/^\d{0,9}$/)
  .optional()
  .transform((value) => (value ? Number(value) : undefined));

/** The override's preview (intent=preview-override): the order, the status and, for `partial`, the remains. */
export const overridePreviewForm = z
  .object({
    intent: z.literal("preview-override"),
    orderId: z.uuid(),
    status: z.enum(ADMIN_ORDER_STATUSES),
    remains: count,
  })
  .strict();

/** Its confirmation (intent=override-status): the same, with the refund and the order's version it previewed. */
export const overrideConfirmForm = z
  .object({
    intent: z.literal("override-status"),
    orderId: z.uuid(),
    status: z.enum(ADMIN_ORDER_STATUSES),
    remains: count,
    expectedRefundCents: z
      .string()
      .trim()
      .regex(/^\d{1,12}$/)
      .transform(Number),
    expectedVersion: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{16}$/),
  })
  .strict();

export type OverrideRequest = { orderId: string; status: AdminOrderStatus; remains?: number };

/** What an override will do, as previewed and as performed: one plan, computed by one function. */
export type OverridePlan = {
  orderId: string;
  orderNumber: string;
  from: AdminOrderStatus;
  to: AdminOrderStatus;
  refundCents: Cents;
  /** Units not delivered, for `partial`. */
  remains: number | null;
  /** The providers whose parts the shop stops following. */
  providers: string[];
  /** The order as it was read: a confirmation made on another version is refused. */
  version: string;
  summary: string;
};

type Facts = {
  order: typeof orders.$inferSelect;
  parts: OpenPart[];
  refundedCents: Cents;
};

/**
 * Previews an override (product rules 14.2): the refund it implies and what it does to the order's providers,
 * read now, nothing written. overrideOrderStatus makes the same plan again under the locks and acts on it only
 * when it is the one previewed.
 */
export async function previewOrderOverride(
  db: Executor,
  request: OverrideRequest,
): Promise<{ ok: true; plan: OverridePlan } | Refusal> {
  if (!isUuid(request.orderId)) return refuse("not_found", STATUS_TEXT.notFound);
  const facts = await readFacts(db, request.orderId, { lock: false });
  if (!facts) return refuse("not_found", STATUS_TEXT.notFound);
  const plan = planOverride(facts, request);
  return plan.ok ? { ok: true, plan: plan.plan } : plan;
}

/**
 * Sets the status of any order that has not ended (product rules 14.1-14.3), also one a provider has: under the
 * order's lock (the one the provider status poll takes to end a part) its open parts are closed as taken over, the
 * order is left to a person, and setOrderStatus refunds what the status implies, once, mails the customer and
 * records the change. Refused when the plan is not the one previewed (`expected*`), so the admin confirms the
 * refund they saw or nothing.
 */
export async function overrideOrderStatus(
  db: Database,
  input: OverrideRequest & { adminId: string; expectedRefundCents: number; expectedVersion: string },
): Promise<{ ok: true; notice: Notice; plan: OverridePlan } | Refusal> {
  if (!isUuid(input.orderId)) return refuse("not_found", STATUS_TEXT.notFound);
  return db.transaction(async (tx) => {
    const facts = await readFacts(tx, input.orderId, { lock: true });
    if (!facts) return refuse("not_found", STATUS_TEXT.notFound);
    const planned = planOverride(facts, input);
    if (!planned.ok) return planned;
    const { plan } = planned;
    if (plan.version !== input.expectedVersion || plan.refundCents !== input.expectedRefundCents)
      return refuse("conflict", OVERRIDE_TEXT.changed);

    await closePartsByAdmin(
      tx,
      facts.parts.map((part) => part.id),
    );
    // A person has it from now on; a cancel asked of the provider is over, decided here.
    await tx
      .update(orders)
      .set({ delivery: "manual", cancelRequestedAt: null })
      .where(eq(orders.id, plan.orderId));
    const changed = await setOrderStatus(tx, {
      orderId: plan.orderId,
      status: plan.to,
      remains: plan.remains ?? undefined,
      refundCents: plan.to === "partial" ? plan.refundCents : undefined,
      adminId: input.adminId,
    });
    if (!changed.ok) return changed;
    // One source of truth for the amount: what was charged back is what was previewed, or nothing happens.
    if (changed.refundCents !== plan.refundCents)
      throw new Error(`override refund ${changed.refundCents} differs from its plan ${plan.refundCents}`);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "order.override",
      subjectType: "order",
      subjectId: plan.orderId,
      details: {
        from: plan.from,
        to: plan.to,
        refund_cents: plan.refundCents,
        remains: plan.remains,
        closed_parts: facts.parts.map((part) => ({
          part: part.part,
          state: part.state,
          provider: part.providerName,
          provider_order_id: part.providerOrderId,
        })),
      },
    });
    return {
      ok: true as const,
      plan,
      notice: { title: OVERRIDE_TEXT.done, message: overriddenText(plan) },
    };
  });
}

async function readFacts(db: Executor, orderId: string, options: { lock: boolean }): Promise<Facts | null> {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [order] = await (options.lock ? query.for("update") : query);
  if (!order) return null;
  const [parts, refunds] = await Promise.all([
    readOpenParts(db, orderId, options),
    readOrderRefunds(db, [orderId]),
  ]);
  return { order, parts, refundedCents: refunds.get(orderId) ?? cents(0) };
}

/**
 * The one computation of an override: refused on an ended order, on a part being sent right now and on remains
 * out of 0..quantity; otherwise the refund the status implies (cancelled, failed: the charge less what was
 * refunded; partial: the undelivered share by the remains; the others: nothing) and the order's version.
 */
function planOverride(facts: Facts, request: OverrideRequest): { ok: true; plan: OverridePlan } | Refusal {
  const { order, parts, refundedCents } = facts;
  if (REFUNDING_STATUSES.includes(order.status)) return refuse("conflict", ORDER_TEXT.refundedStatusFinal);
  if (isFinalStatus(order.status)) return refuse("conflict", ORDER_TEXT.completedStatusFinal);
  if (parts.some((part) => part.state === "submitting")) return refuse("conflict", OVERRIDE_TEXT.beingSent);
  if (order.status === request.status && parts.length === 0)
    return refuse("conflict", OVERRIDE_TEXT.sameStatus);
  let remains: number | null = null;
  if (request.status === "partial") {
    if (request.remains === undefined || request.remains > order.quantity) {
      const message = OVERRIDE_TEXT.remains(order.quantity);
      return refuse(
        "invalid",
        { title: OVERRIDE_TEXT.refused, message },
        {
          field: "remains",
          fieldErrors: { remains: message },
        },
      );
    }
    remains = request.remains;
  }
  const left = cents(Math.max(order.totalCents - refundedCents, 0));
  const refundCents =
    request.status === "partial"
      ? cents(Math.min(partialRefund(order.totalCents, order.quantity, remains ?? 0), left))
      : request.status === "cancelled" || request.status === "failed"
        ? left
        : cents(0);
  const providers = [...new Set(parts.flatMap((part) => (part.providerName ? [part.providerName] : [])))];
  const plan = {
    orderId: order.id,
    orderNumber: order.orderNumber,
    from: order.status,
    to: request.status,
    refundCents,
    remains,
    providers,
  };
  return { ok: true, plan: { ...plan, version: versionOf(facts), summary: overrideSummary(plan) } };
}

/** The order as an override reads it, in 16 hex digits: any change to it or its open parts makes another. */
function versionOf({ order, parts, refundedCents }: Facts): string {
  const state = JSON.stringify([
    order.status,
    order.remains,
    order.quantity,
    order.totalCents,
    order.updatedAt.toISOString(),
    refundedCents,
    parts.map((part) => [part.id, part.state, part.cancelState]),
  ]);
  return createHash("sha256").update(state).digest("hex").slice(0, 16);
}
