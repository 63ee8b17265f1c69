import { z } from "zod";
import type { Database } from "../../db/client.server.ts";
import { placeAutoOrder } from "../auto-orders/place-auto-order.server.ts";
import { findOrderableService } from "../catalog/find-service.server.ts";
import type { Notice } from "../orders/messages.ts";
import { placeOrder } from "../orders/place-order.server.ts";
import { findUserForAdmin } from "./list-users.server.ts";
import { ADMIN_TEXT, userInsufficientBalance } from "./messages.ts";

const REQUIRED = ["userId", "serviceId", "quantity", "target"] as const;
const MAX_NOTES = 1_000;

/** The manual order form (admin spec section 2), parsed strictly: unknown fields are refused. */
export const manualOrderForm = z
  .object({
    userId: z.string().trim().min(1).max(64),
    serviceId: z.string().trim().min(1).max(64),
    // Whole, positive and bounded: "1.5", "-3" or "1e9" never reach the pricing.
    quantity: z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,8}$/)
      .transform(Number),
    posts: z
      .string()
      .trim()
      .regex(/^\d{0,3}$/)
      .optional()
      .transform((value) => (value ? Number(value) : undefined)),
    target: z.string().trim().min(1).max(500),
    deliverySpeed: z.enum(["slow", "normal", "fast"]).default("normal"),
    adminNotes: z.string().trim().max(MAX_NOTES).optional().default(""),
    idempotencyKey: z.uuid(),
    expectedTotalCents: z
      .string()
      .regex(/^\d{1,12}$/)
      .transform(Number)
      .optional(),
  })
  .strict();

export type ManualOrderResult =
  | { ok: true; kind: "order"; orderNumber: string; totalCents: number; replayed: boolean }
  | {
      ok: true;
      kind: "auto";
      autoOrderId: string;
      remainingPosts: number;
      totalPosts: number;
      totalCents: number;
      replayed: boolean;
    }
  | { ok: false; notice: Notice; field?: string };

function fail(notice: Notice, field?: string): ManualOrderResult {
  return { ok: false, notice, field };
}

/**
 * An order an admin places for a user (one-time, or auto for the user's next posts), charged to that user's
 * wallet in the same transaction as the order (placeOrder / placeAutoOrder), recorded as created by the admin.
 * A total above the user's balance charges nothing: 'Insufficient Balance' / 'User needs $X but only has $Y'.
 */
export async function createManualOrder(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<ManualOrderResult> {
  const raw = input.form;
  if (REQUIRED.some((name) => typeof raw[name] !== "string" || !(raw[name] as string).trim()))
    return fail(ADMIN_TEXT.missingInformation);
  const parsed = manualOrderForm.safeParse(raw);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "");
    if (field === "quantity") return fail(ADMIN_TEXT.invalidQuantity, field);
    if (field === "posts") return fail(ADMIN_TEXT.postsRequired, field);
    return fail(ADMIN_TEXT.createFailed, field || undefined);
  }
  const form = parsed.data;
  const [user, service] = await Promise.all([
    findUserForAdmin(db, form.userId),
    findOrderableService(db, form.serviceId),
  ]);
  if (!user || !service) return fail(ADMIN_TEXT.invalidSelection);

  if (service.serviceType === "auto") {
    if (!form.posts || form.posts < 1) return fail(ADMIN_TEXT.postsRequired, "posts");
    const result = await placeAutoOrder(db, {
      userId: user.id,
      serviceId: service.id,
      username: form.target,
      perPost: form.quantity,
      posts: form.posts,
      deliverySpeed: form.deliverySpeed,
      idempotencyKey: form.idempotencyKey,
      expectedTotalCents: form.expectedTotalCents,
      createdByAdminId: input.adminId,
      adminNotes: form.adminNotes,
    });
    if (!result.ok) {
      if (result.reason === "insufficient_funds")
        return fail(userInsufficientBalance(result.totalCents ?? 0, result.balanceCents ?? 0));
      return fail(result.notice, result.field);
    }
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

  const result = await placeOrder(db, {
    userId: user.id,
    serviceId: service.id,
    quantity: form.quantity,
    targetLink: form.target,
    deliverySpeed: form.deliverySpeed,
    idempotencyKey: form.idempotencyKey,
    expectedTotalCents: form.expectedTotalCents,
    createdByAdminId: input.adminId,
    adminNotes: form.adminNotes,
  });
  if (!result.ok) {
    if (result.reason === "insufficient_funds")
      return fail(userInsufficientBalance(result.totalCents ?? 0, result.balanceCents ?? 0));
    return fail(result.notice, result.field);
  }
  return {
    ok: true,
    kind: "order",
    orderNumber: result.order.orderNumber,
    totalCents: result.order.totalCents,
    replayed: result.replayed,
  };
}
