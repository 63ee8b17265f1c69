import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { withAdminAction } from "../audit/record-admin-action.server.ts";
import type { Cents } from "../pricing/cents.ts";
import type { Refusal } from "../refusal.ts";
import { type DeliverySpeed, placeOrder } from "./place-order.server.ts";
import type { PlacedOrder } from "./record-paid-order.server.ts";

/** An order an admin places for a customer (admin spec section 2): its service and counts already read. */
export type ManualOrderInput = {
  adminId: string;
  userId: string;
  serviceId: string;
  /** Not a count (NaN): placeOrder / placeAutoOrder refuse it with the service's own limits. */
  quantity: number;
  target: string;
  deliverySpeed: DeliverySpeed;
  idempotencyKey: string;
  expectedTotalCents?: Cents;
  adminNotes: string;
};

/**
 * True when the user already has a one-time order with this form token, checked under a lock on the token.
 * A repeated key reaches placeOrder's insert as a unique violation, which would abort the audited transaction
 * before placeOrder could look the first order up; a repeat is therefore answered outside it.
 */
async function isRepeatedOrder(tx: Executor, userId: string, key: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`manual-order:${userId}:${key}`}))`);
  const [earlier] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return earlier !== undefined;
}

/**
 * A one-time order an admin places for a customer, charged to the customer's wallet in the same transaction as
 * the order (placeOrder) and its admin_audit_log row, recorded as created by the admin. A repeated form token
 * returns the first order and charges nothing.
 */
export async function placeManualOrder(
  db: Database,
  input: ManualOrderInput,
): Promise<PlacedOrder | Refusal> {
  const orderInput = {
    userId: input.userId,
    serviceId: input.serviceId,
    quantity: input.quantity,
    targetLink: input.target,
    deliverySpeed: input.deliverySpeed,
    // The admin's form offers the speed: Slow and Normal pace the order as on the order page (product rules 4.20).
    paceBySpeed: true,
    idempotencyKey: input.idempotencyKey,
    expectedTotalCents: input.expectedTotalCents,
    createdByAdminId: input.adminId,
    adminNotes: input.adminNotes,
  };
  const placed = await withAdminAction(
    db,
    async (tx) =>
      (await isRepeatedOrder(tx, input.userId, input.idempotencyKey)) ? null : placeOrder(tx, orderInput),
    (outcome) =>
      outcome?.ok && !outcome.replayed
        ? {
            adminId: input.adminId,
            action: "order.create",
            subjectType: "order",
            subjectId: outcome.order.id,
            details: {
              user_id: input.userId,
              quantity: input.quantity,
              total_cents: outcome.order.totalCents,
              notes: input.adminNotes,
            },
          }
        : null,
  );
  // A repeated token: placeOrder answers with the first order and charges nothing.
  return placed ?? (await placeOrder(db, orderInput));
}
