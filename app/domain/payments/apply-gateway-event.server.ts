import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { PAYMENT_RESULTS_TO_REVIEW, paymentEvents } from "../../db/schema.ts";
import { closeDeposit } from "./close-deposit.server.ts";
import { type CreditDepositResult, creditDeposit } from "./credit-deposit.server.ts";
import type { GatewayChange, GatewayEvent } from "./gateway.ts";

/** What applying a gateway event did; it is stored on the event (payment_events.result). */
export type GatewayEventResult =
  | "credited"
  | "credited_overpaid"
  | Extract<CreditDepositResult, { credited: false }>["reason"]
  | "failed"
  | "expired"
  | "refunded_to_review"
  | "ignored";

export type AppliedGatewayEvent = { duplicate: true } | { duplicate: false; result: GatewayEventResult };

/**
 * Applies one verified gateway event, whatever the gateway, once (docs/decisions/057): records its id (a
 * redelivered or concurrent copy finds it and changes nothing), makes the one transition its kind allows, and
 * stores what it did, so a refused event (amount or currency differs, paid after the deposit closed) stays
 * for an admin. Runs in one transaction with the credit.
 */
export async function applyGatewayEvent(db: Executor, event: GatewayEvent): Promise<AppliedGatewayEvent> {
  return db.transaction(async (tx) => {
    // Concurrent deliveries of one event queue on this primary key; only the first one goes on.
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: event.id, provider: event.gateway, type: event.type, payload: event.payload })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { duplicate: true };

    const { change } = event;
    const result = await applyChange(tx, event, change);
    // An unknown deposit id is kept in the payload only: the column references deposits.
    const depositId = change.kind === "ignored" || result === "not_found" ? null : change.depositId;
    // What the gateway said it took, beside the deposit's own amount on the admin's review list.
    const reported =
      change.kind === "ignored"
        ? {}
        : { reportedAmountCents: change.amountCents, reportedCurrency: change.currency };
    await tx
      .update(paymentEvents)
      .set({ result, depositId, ...reported })
      .where(eq(paymentEvents.id, event.id));
    if (needsReview(result))
      console.error(`payment event ${event.id} (${event.gateway} ${event.type}): ${result}`);
    return { duplicate: false, result };
  });
}

/** Money a gateway moved that the shop did not follow on its own: an admin must look (docs/decisions/057). */
export function needsReview(result: GatewayEventResult): boolean {
  return (PAYMENT_RESULTS_TO_REVIEW as readonly string[]).includes(result);
}

async function applyChange(
  tx: Executor,
  event: GatewayEvent,
  change: GatewayChange,
): Promise<GatewayEventResult> {
  switch (change.kind) {
    case "paid": {
      const credit = await creditDeposit(tx, {
        depositId: change.depositId,
        providerReference: change.reference,
        eventId: event.id,
        provider: event.gateway,
        paidAmountCents: change.amountCents,
        paidCurrency: change.currency,
      });
      if (!credit.credited) return credit.reason;
      return change.surplusCents ? "credited_overpaid" : "credited";
    }
    case "failed":
    case "expired": {
      const { closed } = await closeDeposit(tx, {
        depositId: change.depositId,
        status: change.kind,
        providerReference: change.reference,
      });
      return closed ? change.kind : "already_settled";
    }
    case "refunded":
      // Taking money back out of a wallet that may have spent it is a person's call (docs/decisions/057).
      return "refunded_to_review";
    case "ignored":
      return "ignored";
  }
}
