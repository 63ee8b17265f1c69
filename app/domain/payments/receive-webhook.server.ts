import type { Database } from "../../db/client.server.ts";
import { paymentEvents } from "../../db/schema.ts";
import { creditDeposit } from "./credit-deposit.server.ts";
import { failDeposit } from "./fail-deposit.server.ts";
import type { PaymentProvider } from "./provider.ts";

export type WebhookAnswer = {
  status: 200 | 400;
  body: { received: boolean; duplicate?: boolean; result?: string; error?: string };
};

/**
 * Handles one provider webhook delivery: verifies the signature over the raw body (forged or stale: 400,
 * nothing recorded), then records the event id and applies it in one transaction. A redelivered event finds
 * its id already in payment_events, is acknowledged and changes nothing.
 */
export async function receivePaymentWebhook(
  db: Database,
  provider: PaymentProvider,
  rawBody: string,
  headers: Headers,
): Promise<WebhookAnswer> {
  const verified = provider.verifyWebhook(rawBody, headers);
  if (!verified.verified)
    return { status: 400, body: { received: false, error: "Invalid webhook signature" } };
  const { event } = verified;

  return db.transaction(async (tx) => {
    // Concurrent deliveries of one event queue on this primary key; only the first one goes on.
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: event.id, provider: event.provider, type: event.type, payload: event.payload })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return { status: 200, body: { received: true, duplicate: true } };

    const { outcome } = event;
    if (outcome.kind === "paid") {
      const credit = await creditDeposit(tx, {
        depositId: outcome.depositId,
        providerReference: outcome.reference,
        eventId: event.id,
        provider: event.provider,
        paidAmountCents: outcome.amountCents,
        paidCurrency: outcome.currency,
      });
      const result = credit.credited ? "credited" : credit.reason;
      if (!credit.credited && credit.reason !== "already_settled")
        console.error(`payment event ${event.id}: deposit ${outcome.depositId} not credited (${result})`);
      return { status: 200, body: { received: true, result } };
    }
    if (outcome.kind === "failed") {
      const { failed } = await failDeposit(tx, {
        depositId: outcome.depositId,
        providerReference: outcome.reference,
      });
      return { status: 200, body: { received: true, result: failed ? "failed" : "already_settled" } };
    }
    return { status: 200, body: { received: true, result: "ignored" } };
  });
}
