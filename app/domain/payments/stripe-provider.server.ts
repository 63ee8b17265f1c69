import Stripe from "stripe";
import { readCheckoutEvent } from "./checkout-session-event.ts";
import { DEPOSIT_CURRENCY, type DepositGateway } from "./gateway.ts";

let cached: { key: string; client: Stripe } | undefined;

function stripeClient(secretKey: string): Stripe {
  if (cached?.key !== secretKey) cached = { key: secretKey, client: new Stripe(secretKey) };
  return cached.client;
}

/** Stripe Checkout: a hosted card page; money arrives only through `checkout.session.*` webhook events. */
export function stripeProvider(config: {
  secretKey: string;
  webhookSecret: string | undefined;
}): DepositGateway {
  const client = stripeClient(config.secretKey);
  return {
    name: "stripe",
    async startPayment({ depositId, amountCents, userEmail, successUrl, cancelUrl }) {
      // Without the webhook secret a payment could be taken but never credited: refuse before charging anyone.
      if (!config.webhookSecret) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
      const session = await client.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: DEPOSIT_CURRENCY,
                unit_amount: amountCents,
                product_data: { name: "Boostly wallet funds" },
              },
            },
          ],
          customer_email: userEmail,
          client_reference_id: depositId,
          metadata: { deposit_id: depositId },
          payment_intent_data: { metadata: { deposit_id: depositId } },
          success_url: successUrl,
          cancel_url: cancelUrl,
        },
        { idempotencyKey: `boostly-deposit-${depositId}` },
      );
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { url: session.url, reference: session.id };
    },
    async verifyEvent(rawBody, headers) {
      const signature = headers.get("stripe-signature");
      if (!signature) return { verified: false, reason: "signature missing" };
      if (!config.webhookSecret) return { verified: false, reason: "STRIPE_WEBHOOK_SECRET is not set" };
      let payload: unknown;
      try {
        // Checks the HMAC over the raw body and the timestamp (5-minute tolerance), then parses.
        payload = client.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        return { verified: false, reason: "signature mismatch" };
      }
      const event = readCheckoutEvent("stripe", payload);
      return event ? { verified: true, event } : { verified: false, reason: "not an event" };
    },
  };
}
