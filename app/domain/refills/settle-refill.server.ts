import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { refillSubmissions, refills } from "../../db/schema.ts";
import { ourRefillState } from "../fulfilment/upstream-status.ts";
import { queueRefillEndedMail } from "./refill-ended-mail.server.ts";
import { refillProgress } from "./refill-progress.ts";
import { isOpenRefill, type RefillStatus } from "./refill-status.ts";

/**
 * Brings a provider refill's status in line with its parts after the fulfilment worker changed one (under the
 * refill's row lock, so two parts ending at once end it once). An ended refill stays as it ended.
 */
export async function settleRefillFromParts(db: Executor, refillId: number): Promise<RefillStatus | null> {
  return db.transaction(async (tx) => {
    const [refill] = await tx.select().from(refills).where(eq(refills.id, refillId)).for("update");
    if (!refill || !isOpenRefill(refill.status)) return null;
    const parts = await tx
      .select({
        state: refillSubmissions.state,
        outcome: refillSubmissions.outcome,
        upstreamStatus: refillSubmissions.upstreamStatus,
        lastError: refillSubmissions.lastError,
      })
      .from(refillSubmissions)
      .where(eq(refillSubmissions.refillId, refillId));
    const next = refillProgress(
      parts.map((part) => ({
        done: part.state === "done",
        outcome: part.outcome === "completed" || part.outcome === "rejected" ? part.outcome : null,
        upstream: part.upstreamStatus ? ourRefillState(part.upstreamStatus) : null,
        error: part.lastError,
      })),
    );
    if (next.status === refill.status) return refill.status;
    const ended = !isOpenRefill(next.status);
    await tx
      .update(refills)
      .set({
        status: next.status,
        error: next.error,
        endedAt: ended ? sql`now()` : null,
        updatedAt: sql`now()`,
      })
      .where(eq(refills.id, refillId));
    if (next.status === "completed" || next.status === "rejected")
      await queueRefillEndedMail(tx, {
        orderId: refill.orderId,
        userId: refill.userId,
        status: next.status,
        reason: next.status === "rejected" ? next.error : null,
      });
    return next.status;
  });
}
