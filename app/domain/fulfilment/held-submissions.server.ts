import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { fulfilments, orders } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import type { Notice } from "../notice.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { auditProviderChange } from "./manage-providers.server.ts";
import { sentCostCentsSql } from "./mapped-cost-sql.server.ts";
import { PROVIDER_TEXT } from "./messages.ts";
import type { PartOutcomes } from "./part-outcomes.ts";
import { isUpstreamId } from "./provider-form.ts";

/**
 * An admin's answer to a submission held for attention. `retry`: send it again (for an interrupted one, only
 * after checking on the provider's side that no order exists); `resolve`: stop following it here (the admin
 * fulfils or settles the order by hand, so the order joins the manual queue). A part of an order whose customer
 * has asked to cancel is not sent again: it is closed as cancelled, and the order ends from its parts.
 */
export async function settleHeldSubmission(
  db: Database,
  input: {
    adminId: string;
    fulfilmentId: string;
    decision: "retry" | "resolve";
    /** With `resolve`: the provider's order id the admin found on its side, to follow from now on. */
    providerOrderId?: string;
  },
  outcomes: PartOutcomes,
): Promise<{ ok: true; notice: Notice } | Refusal> {
  if (!isUuid(input.fulfilmentId)) return refuse("conflict", PROVIDER_TEXT.submissionNotHeld);
  const providerOrderId = input.providerOrderId?.trim() ?? "";
  if (input.decision === "resolve" && providerOrderId) {
    if (!isUpstreamId(providerOrderId))
      return refuse("invalid", PROVIDER_TEXT.invalid, {
        fieldErrors: { providerOrderId: PROVIDER_TEXT.badProviderOrderId },
      });
    return followFoundOrder(db, { ...input, providerOrderId });
  }
  const [held] = await db
    .select({
      orderId: fulfilments.orderId,
      quantity: fulfilments.quantity,
      cancelled: orders.cancelRequestedAt,
    })
    .from(fulfilments)
    .leftJoin(orders, eq(orders.id, fulfilments.orderId))
    .where(and(eq(fulfilments.id, input.fulfilmentId), eq(fulfilments.state, "needs_attention")));
  if (!held) return refuse("conflict", PROVIDER_TEXT.submissionNotHeld);
  if (input.decision === "retry" && held.orderId && held.cancelled) {
    await outcomes.partEnded(db, {
      fulfilmentId: input.fulfilmentId,
      orderId: held.orderId,
      outcome: "cancelled",
      remains: held.quantity,
    });
    return {
      ok: true,
      notice: { title: PROVIDER_TEXT.submissionResolved, message: PROVIDER_TEXT.notSentCancelled },
    };
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(fulfilments)
      .set({
        state: input.decision === "retry" ? "queued" : "done",
        attempts: input.decision === "retry" ? 0 : sql`${fulfilments.attempts}`,
        refundDueAt: null,
        nextAttemptAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(fulfilments.id, input.fulfilmentId), eq(fulfilments.state, "needs_attention")))
      .returning({ providerId: fulfilments.providerId, lastError: fulfilments.lastError });
    if (!row) return refuse("conflict", PROVIDER_TEXT.submissionNotHeld);
    if (input.decision === "resolve" && held.orderId) await outcomes.partLeftToPerson(tx, held.orderId);
    await auditProviderChange(tx, input.adminId, `fulfilment.${input.decision}`, row.providerId, {
      fulfilment_id: input.fulfilmentId,
      last_error: row.lastError,
    });
    const title =
      input.decision === "retry" ? PROVIDER_TEXT.submissionRequeued : PROVIDER_TEXT.submissionResolved;
    return { ok: true as const, notice: { title, message: "" } };
  });
}

/**
 * "Mark resolved" with the provider's order id (product rules 14.15): the admin found the held part's order on the
 * provider's side, so it is `submitted` under that id, costed as sent, and polled from now on like any other.
 */
async function followFoundOrder(
  db: Database,
  input: { adminId: string; fulfilmentId: string; providerOrderId: string },
): Promise<{ ok: true; notice: Notice } | Refusal> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ provider_id: string; last_error: string | null }>(sql`
      update fulfilments f set state = 'submitted', provider_order_id = ${input.providerOrderId},
        last_error = null, refund_due_at = null, upstream_status = 'Pending', submitted_at = now(),
        cost_cents = ${sentCostCentsSql(sql.raw("f"))}, next_attempt_at = now(), updated_at = now()
      from fulfilments old
      where f.id = ${input.fulfilmentId} and old.id = f.id and f.state = 'needs_attention'
      returning f.provider_id, old.last_error`);
    const [row] = found.rows;
    if (!row) return refuse("conflict", PROVIDER_TEXT.submissionNotHeld);
    await auditProviderChange(tx, input.adminId, "fulfilment.resolve", row.provider_id, {
      fulfilment_id: input.fulfilmentId,
      provider_order_id: input.providerOrderId,
      last_error: row.last_error,
    });
    return { ok: true as const, notice: PROVIDER_TEXT.resolvedWithId(input.providerOrderId) };
  });
}
