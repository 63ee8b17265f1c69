import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Executor } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { type AdminAction, recordAdminAction } from "../audit/record-admin-action.server.ts";
import { placeAutoOrder } from "../auto-orders/place-auto-order.server.ts";
import { findOrderableService } from "../catalog/find-service.server.ts";
import { expectedTotalField } from "../orders/order-form-fields.ts";
import { placeOrder } from "../orders/place-order.server.ts";
import { parseCount, sentCount } from "../orders/quantity-input.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { type Refusal, type RefusalKind, type RefusalText, refuse } from "../refusal.ts";
import { findUserForAdmin } from "./list-users.server.ts";
import { ADMIN_TEXT, userInsufficientBalance } from "./messages.ts";

const REQUIRED = ["userId", "serviceId", "quantity", "target"] as const;
const MAX_NOTES = 1_000;

/** The manual order form (admin spec section 2), parsed strictly: unknown fields are refused. */
export const manualOrderForm = z
  .object({
    userId: z.string().trim().min(1).max(64),
    serviceId: z.string().trim().min(1).max(64),
    // Read as counts once the service is known: "1.5", "-3" or "1e9" are refused with the service's limits.
    quantity: z.string().trim(),
    posts: z.string().trim().optional(),
    target: z.string().trim().min(1).max(500),
    deliverySpeed: z.enum(["slow", "normal", "fast"]).default("normal"),
    adminNotes: z.string().trim().max(MAX_NOTES).optional().default(""),
    idempotencyKey: z.uuid(),
    expectedTotalCents: expectedTotalField,
  })
  .strict();

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

/** A refused manual order (docs/decisions/017): the spec's title and message, and the field at fault if any. */
function fail(kind: RefusalKind, text: RefusalText, field?: string): Refusal {
  return refuse(kind, text, field ? { field } : {});
}

/** The order area's refusal as the admin reads it: a short balance is the user's, not the admin's. */
function refuseForUser(refusal: Refusal): Refusal {
  if (refusal.kind !== "insufficient_funds") return fail(refusal.kind, refusal, refusal.field);
  return fail(
    "insufficient_funds",
    userInsufficientBalance(refusal.totalCents ?? cents(0), refusal.balanceCents ?? cents(0)),
  );
}

/**
 * Runs `place` in one transaction with the admin_audit_log row `audit` makes of its result (null: nothing to
 * record), so a charge and its record commit together or not at all (placeAutoOrder's own transaction becomes a
 * savepoint of this one).
 */
function placeAudited<R>(
  db: Database,
  place: (tx: Executor) => Promise<R>,
  audit: (result: R) => AdminAction | null,
): Promise<R> {
  return db.transaction(async (tx) => {
    const result = await place(tx);
    const entry = audit(result);
    if (entry) await recordAdminAction(tx, entry);
    return result;
  });
}

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
 * An order an admin places for a user (one-time, or auto for the user's next posts), charged to that user's
 * wallet in the same transaction as the order (placeOrder / placeAutoOrder) and its admin_audit_log row,
 * recorded as created by the admin. A repeated form token returns the first order and charges nothing.
 * A total above the user's balance charges nothing: 'Insufficient Balance' / 'User needs $X but only has $Y'.
 */
export async function createManualOrder(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<ManualOrderResult> {
  const raw = input.form;
  if (REQUIRED.some((name) => typeof raw[name] !== "string" || !(raw[name] as string).trim()))
    return fail("invalid", ADMIN_TEXT.missingInformation);
  const parsed = manualOrderForm.safeParse(raw);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "");
    return fail("invalid", ADMIN_TEXT.createFailed, field || undefined);
  }
  const form = parsed.data;
  // Not a count: NaN, which placeOrder / placeAutoOrder refuse with the service's own limits.
  const quantity = sentCount(form.quantity);
  const [user, service] = await Promise.all([
    findUserForAdmin(db, form.userId),
    findOrderableService(db, form.serviceId),
  ]);
  if (!user || !service) return fail("not_found", ADMIN_TEXT.invalidSelection, user ? "serviceId" : "userId");

  if (service.serviceType === "auto") {
    // Admin spec section 5: required and above 0; any other text that is not 1 to 100 posts is refused by
    // placeAutoOrder with 'Number of posts must be between 1 and 100.'
    if (!form.posts || parseCount(form.posts) === 0)
      return fail("invalid", ADMIN_TEXT.postsRequired, "posts");
    const posts = sentCount(form.posts);
    const result = await placeAudited(
      db,
      (tx) =>
        placeAutoOrder(tx, {
          userId: user.id,
          serviceId: service.id,
          username: form.target,
          perPost: quantity,
          posts,
          deliverySpeed: form.deliverySpeed,
          idempotencyKey: form.idempotencyKey,
          expectedTotalCents: form.expectedTotalCents,
          createdByAdminId: input.adminId,
          adminNotes: form.adminNotes,
        }),
      (placed) =>
        placed.ok && !placed.replayed
          ? {
              adminId: input.adminId,
              action: "auto_order.create",
              subjectType: "auto_order",
              subjectId: placed.autoOrder.id,
              details: {
                user_id: user.id,
                per_post: quantity,
                posts,
                total_cents: placed.autoOrder.totalCents,
                notes: form.adminNotes,
              },
            }
          : null,
    );
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

  const orderInput = {
    userId: user.id,
    serviceId: service.id,
    quantity,
    targetLink: form.target,
    deliverySpeed: form.deliverySpeed,
    idempotencyKey: form.idempotencyKey,
    expectedTotalCents: form.expectedTotalCents,
    createdByAdminId: input.adminId,
    adminNotes: form.adminNotes,
  };
  const placed = await placeAudited(
    db,
    async (tx) =>
      (await isRepeatedOrder(tx, user.id, form.idempotencyKey)) ? null : placeOrder(tx, orderInput),
    (outcome) =>
      outcome?.ok && !outcome.replayed
        ? {
            adminId: input.adminId,
            action: "order.create",
            subjectType: "order",
            subjectId: outcome.order.id,
            details: {
              user_id: user.id,
              quantity,
              total_cents: outcome.order.totalCents,
              notes: form.adminNotes,
            },
          }
        : null,
  );
  // A repeated token: placeOrder answers with the first order and charges nothing.
  const result = placed ?? (await placeOrder(db, orderInput));
  if (!result.ok) return refuseForUser(result);
  return {
    ok: true,
    kind: "order",
    orderNumber: result.order.orderNumber,
    totalCents: result.order.totalCents,
    replayed: result.replayed,
  };
}
