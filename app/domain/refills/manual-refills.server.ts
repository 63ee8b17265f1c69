import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Executor } from "../../db/client.server.ts";
import { orders, refills, services, users } from "../../db/schema.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { refusalAnswer } from "../refusal-answer.server.ts";
import { queueRefillEndedMail } from "./refill-ended-mail.server.ts";
import { REFILL_STATUS_WORDS, type RefillStatus } from "./refill-status.ts";

/** An open refill of an order a person delivered: a person does it, then an admin ends it. */
export type ManualRefill = {
  id: number;
  orderId: string;
  orderNumber: string;
  userId: string;
  customerEmail: string | null;
  serviceName: string;
  quantity: number;
  targetLink: string;
  status: RefillStatus;
  requestedAt: Date;
};

// Exactly the predicate of refills_manual_open_idx.
const OPEN_MANUAL: SQL = sql`${refills.delivery} = 'manual' and ${refills.status} in ('pending', 'in_progress')`;

/** How many refills wait for a person. */
export async function countOpenManualRefills(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(refills).where(OPEN_MANUAL);
  return Number(row?.value ?? 0);
}

/** The oldest open manual refills (few by nature: the oldest 200). */
export async function listOpenManualRefills(db: Executor): Promise<ManualRefill[]> {
  return db
    .select({
      id: refills.id,
      orderId: refills.orderId,
      orderNumber: orders.orderNumber,
      userId: refills.userId,
      customerEmail: users.email,
      serviceName: services.name,
      quantity: orders.quantity,
      targetLink: orders.targetLink,
      status: refills.status,
      requestedAt: refills.createdAt,
    })
    .from(refills)
    .innerJoin(orders, eq(orders.id, refills.orderId))
    .innerJoin(services, eq(services.id, orders.serviceId))
    .leftJoin(users, eq(users.id, refills.userId))
    .where(OPEN_MANUAL)
    .orderBy(asc(refills.createdAt), asc(refills.id))
    .limit(200);
}

export const MANUAL_REFILL_TEXT = {
  completed: "Refill completed",
  rejected: "Refill rejected",
  failed: "Refill not changed",
  notFound: "This refill does not exist or is not one a person does.",
  ended: "This refill has already ended.",
  invalid: "Choose a refill and whether it was completed or rejected.",
} as const;

/** The manual-work page's refill form (intent=refill-decision). */
export const refillDecisionForm = z
  .object({
    intent: z.literal("refill-decision"),
    refillId: z
      .string()
      .trim()
      .regex(/^\d{1,9}$/)
      .transform(Number),
    decision: z.enum(["completed", "rejected"]),
    // Why it was rejected, shown to the customer as the refill's error.
    note: z.string().trim().max(300).default(""),
  })
  .strict();

/**
 * An admin ends a manual refill: completed (a person topped the order up) or rejected (with a note), once, under
 * the refill's row lock; recorded with recordAdminAction in the same transaction.
 */
export async function decideManualRefill(
  db: Database,
  input: { adminId: string; refillId: number; decision: "completed" | "rejected"; note?: string },
): Promise<{ ok: true; status: RefillStatus } | Refusal> {
  return db.transaction(async (tx) => {
    const [refill] = await tx
      .select()
      .from(refills)
      .where(and(eq(refills.id, input.refillId), eq(refills.delivery, "manual")))
      .for("update");
    if (!refill) return refuse("not_found", MANUAL_REFILL_TEXT.notFound);
    if (refill.status === "completed" || refill.status === "rejected")
      return refuse("conflict", MANUAL_REFILL_TEXT.ended);
    const error = input.decision === "rejected" ? input.note?.trim() || "Rejected by the shop" : null;
    await tx
      .update(refills)
      .set({
        status: input.decision,
        error,
        endedAt: sql`now()`,
        decidedByAdminId: input.adminId,
        updatedAt: sql`now()`,
      })
      .where(eq(refills.id, refill.id));
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: `refill.${input.decision}`,
      subjectType: "refill",
      subjectId: String(refill.id),
      details: { order_id: refill.orderId, from: refill.status, to: input.decision, note: error },
    });
    await queueRefillEndedMail(tx, {
      orderId: refill.orderId,
      userId: refill.userId,
      status: input.decision,
      reason: error,
    });
    return { ok: true as const, status: input.decision };
  });
}

/** The page's answer to a refill form: a toast's title and message. */
export async function decideManualRefillFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<{ ok: boolean; notice: { title: string; message: string } }> {
  const parsed = refillDecisionForm.safeParse(input.form);
  if (!parsed.success) return refillRefused(refuse("invalid", MANUAL_REFILL_TEXT.invalid));
  const decided = await decideManualRefill(db, { adminId: input.adminId, ...parsed.data });
  if (!decided.ok) return refillRefused(decided);
  return {
    ok: true,
    notice: {
      title: MANUAL_REFILL_TEXT[decided.status === "completed" ? "completed" : "rejected"],
      message: `Refill #${parsed.data.refillId} is now ${REFILL_STATUS_WORDS[decided.status]}.`,
    },
  };
}

/** A refused refill decision as the page's toast shows it: 'Refill not changed' and the refusal's text. */
function refillRefused(refusal: Refusal) {
  return refusalAnswer({ ...refusal, title: MANUAL_REFILL_TEXT.failed }).body;
}
