import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { PAYMENT_RESULTS_TO_REVIEW, paymentEvents } from "../../db/schema.ts";
import type { ChangeMade } from "../admin-form.ts";
import { withAdminAction } from "../audit/record-admin-action.server.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { REVIEW_TEXT } from "./manual-deposit-text.ts";

/**
 * An admin settles a payment event to review with a note of what they did (product rules 16.28): once, by a
 * conditional update (concurrent marks queue on the row and the later ones find it reviewed), audited in the same
 * transaction. No money moves here: whatever the admin did about it (a credit by hand, a refund at the gateway)
 * is its own audited change.
 */
export async function markEventReviewed(
  db: Executor,
  input: { adminId: string; eventId: string; note: string },
): Promise<ChangeMade | Refusal> {
  const note = input.note.trim();
  const marked = await withAdminAction(
    db,
    (tx) =>
      tx
        .update(paymentEvents)
        .set({ reviewedAt: sql`now()`, reviewedBy: input.adminId, reviewNote: note })
        .where(
          and(
            eq(paymentEvents.id, input.eventId),
            isNull(paymentEvents.reviewedAt),
            inArray(paymentEvents.result, [...PAYMENT_RESULTS_TO_REVIEW]),
          ),
        )
        .returning({
          id: paymentEvents.id,
          result: paymentEvents.result,
          depositId: paymentEvents.depositId,
        }),
    ([row]) =>
      row
        ? {
            adminId: input.adminId,
            action: "payment_event.review",
            subjectType: "payment_event",
            subjectId: row.id,
            details: { result: row.result, depositId: row.depositId, note },
          }
        : null,
  );
  if (marked.length === 0)
    return refuse("conflict", REVIEW_TEXT.already, { title: REVIEW_TEXT.refusedTitle });
  return {
    ok: true,
    notice: { title: REVIEW_TEXT.reviewedTitle, message: REVIEW_TEXT.reviewed(input.eventId) },
  };
}
