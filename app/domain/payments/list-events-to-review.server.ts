import { desc, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { PAYMENT_RESULTS_TO_REVIEW, paymentEvents } from "../../db/schema.ts";

export type PaymentEventToReview = {
  id: string;
  gateway: (typeof paymentEvents.$inferSelect)["provider"];
  type: string;
  depositId: string | null;
  result: string;
  receivedAt: Date;
};

/**
 * The gateway events the shop refused or could not follow on its own, newest first (docs/decisions/057): an amount
 * or currency that differs from the deposit, a payment after the deposit closed, a refund. An admin settles them.
 */
export async function listEventsToReview(db: Executor, limit = 50): Promise<PaymentEventToReview[]> {
  const rows = await db
    .select({
      id: paymentEvents.id,
      gateway: paymentEvents.provider,
      type: paymentEvents.type,
      depositId: paymentEvents.depositId,
      result: paymentEvents.result,
      receivedAt: paymentEvents.receivedAt,
    })
    .from(paymentEvents)
    .where(inArray(paymentEvents.result, [...PAYMENT_RESULTS_TO_REVIEW]))
    .orderBy(desc(paymentEvents.receivedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, result: row.result ?? "" }));
}
