import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { fulfilments, orders } from "../../db/schema.ts";
import { readSettings } from "../settings/read-settings.server.ts";
import type { PartOutcomes } from "./part-outcomes.ts";

/** Held parts the sweep ends per round at most: the next round takes the rest. */
const SWEEP_LIMIT = 100;

/**
 * A part whose submission gave up (its provider refused it MAX_SUBMIT_ATTEMPTS times) is held for the operator
 * until its refund deadline, the settings' refundHoldHours from now (product rules 14.12): shown in "Needs manual
 * work" with the provider's reason, to be resent there. "no_hold" when the hold is 0 hours (the part ends at once,
 * as before); "gone" when the submission was no longer this worker's to record (an admin changed it meanwhile).
 */
export async function holdGivenUpPart(
  db: Database,
  fulfilmentId: string,
  reason: string,
): Promise<"held" | "no_hold" | "gone"> {
  // Read fresh: a give-up is rare, and a hold the operator just changed applies at once.
  const { refundHoldHours } = await readSettings(db);
  if (refundHoldHours <= 0) return "no_hold";
  const [held] = await db
    .update(fulfilments)
    .set({
      state: "needs_attention",
      lastError: reason.slice(0, 500),
      refundDueAt: sql`now() + make_interval(hours => ${refundHoldHours})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(fulfilments.id, fulfilmentId), eq(fulfilments.state, "submitting")))
    .returning({ id: fulfilments.id });
  return held ? "held" : "gone";
}

/**
 * Fails and refunds the held parts whose refund deadline passed (run each fulfilment round): each through
 * outcomes.partEnded in one transaction that first takes the order's lock, the lock an admin's resend takes
 * too, then claims the part only while it is still held and due. So a part is ended once, whichever of two
 * sweeping workers or an admin's resend at the same moment comes first. Returns the parts ended.
 */
export async function failOverdueHeldParts(db: Database, outcomes: PartOutcomes): Promise<number> {
  const due = await db
    .select({ id: fulfilments.id, orderId: fulfilments.orderId })
    .from(fulfilments)
    .where(
      and(
        eq(fulfilments.state, "needs_attention"),
        isNotNull(fulfilments.refundDueAt),
        lte(fulfilments.refundDueAt, sql`now()`),
      ),
    )
    .orderBy(fulfilments.refundDueAt)
    .limit(SWEEP_LIMIT);
  let ended = 0;
  for (const part of due) {
    if (!part.orderId) continue;
    const orderId = part.orderId;
    const done = await db.transaction(async (tx) => {
      await lockOrder(tx, orderId);
      const [claimed] = await tx
        .update(fulfilments)
        .set({ refundDueAt: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(fulfilments.id, part.id),
            eq(fulfilments.state, "needs_attention"),
            lte(fulfilments.refundDueAt, sql`now()`),
          ),
        )
        .returning({ quantity: fulfilments.quantity });
      if (!claimed) return false;
      await outcomes.partEnded(tx, {
        fulfilmentId: part.id,
        orderId,
        outcome: "failed",
        remains: claimed.quantity,
      });
      return true;
    });
    if (done) ended++;
  }
  return ended;
}

/** Takes an order's row lock for the caller's transaction: every change of its parts by an admin or the sweep. */
export async function lockOrder(tx: Executor, orderId: string): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
}
