import { z } from "zod";
import type { Database } from "../../db/client.server.ts";
import { findUserForAdmin } from "../accounts/list-users-for-admin.server.ts";
import { placeManualAutoOrder } from "../auto-orders/place-manual-auto-order.server.ts";
import { findOrderableService } from "../catalog/find-service.server.ts";
import { expectedTotalField } from "../orders/order-form-fields.ts";
import { placeManualOrder } from "../orders/place-manual-order.server.ts";
import { parseCount, sentCount } from "../orders/quantity-input.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { MANUAL_ORDER_TEXT, userInsufficientBalance } from "./manual-order-messages.ts";

/** The fields a manual order cannot go without: missing or blank, the form says 'Missing Information'. */
const REQUIRED = new Set(["userId", "serviceId", "quantity", "target"]);
const MAX_NOTES = 1_000;

/** The manual order form (admin spec section 2), parsed strictly: unknown fields are refused. */
export const manualOrderForm = z
  .object({
    userId: z.string().trim().min(1).max(64),
    serviceId: z.string().trim().min(1).max(64),
    // Read as counts once the service is known: "1.5", "-3" or "1e9" are refused with the service's limits.
    quantity: z.string().trim().min(1),
    posts: z.string().trim().optional(),
    target: z.string().trim().min(1).max(500),
    // Fast (at once) unless the admin spreads the order over Slow's or Normal's days (product rules 4.20).
    deliverySpeed: z.enum(["slow", "normal", "fast"]).default("fast"),
    adminNotes: z.string().trim().max(MAX_NOTES).optional().default(""),
    idempotencyKey: z.uuid(),
    expectedTotalCents: expectedTotalField,
  })
  .strict();

export type ManualOrderForm = z.output<typeof manualOrderForm>;

/**
 * A manual order form that does not parse: 'Missing Information' when a required field is missing or blank, else
 * 'Failed to create order' with the first field at fault.
 */
export function manualOrderRefused(error: z.ZodError): Refusal {
  const missing = error.issues.some(
    (issue) =>
      REQUIRED.has(String(issue.path[0])) && (issue.code === "invalid_type" || issue.code === "too_small"),
  );
  if (missing) return refuse("invalid", MANUAL_ORDER_TEXT.missingInformation);
  const field = String(error.issues[0]?.path[0] ?? "");
  return refuse("invalid", MANUAL_ORDER_TEXT.createFailed, field ? { field } : {});
}

export type ManualOrderResult =
  | { ok: true; kind: "order"; orderNumber: string; totalCents: Cents; replayed: boolean }
  | {
      ok: true;
      kind: "auto";
      autoOrderId: string;
      remainingPosts: number;
      totalPosts: number;
      totalCents: Cents;
      replayed: boolean;
    }
  | Refusal;

/** The order area's refusal as the admin reads it: a short balance is the user's, not the admin's. */
function refuseForUser(refusal: Refusal): Refusal {
  if (refusal.kind !== "insufficient_funds")
    return refuse(refusal.kind, refusal, refusal.field ? { field: refusal.field } : {});
  return refuse(
    "insufficient_funds",
    userInsufficientBalance(refusal.totalCents ?? cents(0), refusal.balanceCents ?? cents(0)),
  );
}

/**
 * An order an admin places for a user: one-time (placeManualOrder) or auto for the user's next posts
 * (placeManualAutoOrder), by the service's type, each charged to that user's wallet with its audit row. A repeated
 * form token returns the first order and charges nothing. A total above the user's balance charges nothing:
 * 'Insufficient Balance' / 'User needs $X but only has $Y'.
 */
export async function createManualOrder(
  db: Database,
  input: ManualOrderForm & { adminId: string },
): Promise<ManualOrderResult> {
  const [user, service] = await Promise.all([
    findUserForAdmin(db, input.userId),
    findOrderableService(db, input.serviceId),
  ]);
  if (!user || !service)
    return refuse("not_found", MANUAL_ORDER_TEXT.invalidSelection, { field: user ? "serviceId" : "userId" });
  const order = {
    adminId: input.adminId,
    userId: user.id,
    serviceId: service.id,
    // Not a count: NaN, which placeOrder / placeAutoOrder refuse with the service's own limits.
    quantity: sentCount(input.quantity),
    target: input.target,
    deliverySpeed: input.deliverySpeed,
    idempotencyKey: input.idempotencyKey,
    expectedTotalCents: input.expectedTotalCents,
    adminNotes: input.adminNotes,
  };

  if (service.serviceType === "auto") {
    // Admin spec section 5: required and above 0; any other text that is not 1 to 100 posts is refused by
    // placeAutoOrder with 'Number of posts must be between 1 and 100.'
    if (!input.posts || parseCount(input.posts) === 0)
      return refuse("invalid", MANUAL_ORDER_TEXT.postsRequired, { field: "posts" });
    const result = await placeManualAutoOrder(db, { ...order, posts: sentCount(input.posts) });
    if (!result.ok) return refuseForUser(result);
    return {
      ok: true,
      kind: "auto",
      autoOrderId: result.autoOrder.id,
      remainingPosts: result.autoOrder.remainingPosts,
      totalPosts: result.autoOrder.totalPosts,
      totalCents: result.autoOrder.totalCents,
      replayed: result.replayed,
    };
  }

  const result = await placeManualOrder(db, order);
  if (!result.ok) return refuseForUser(result);
  return {
    ok: true,
    kind: "order",
    orderNumber: result.order.orderNumber,
    totalCents: result.order.totalCents,
    replayed: result.replayed,
  };
}
