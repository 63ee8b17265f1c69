import { z } from "zod";
import { type Cents, cents } from "../pricing/cents.ts";

export type PaymentProviderName = "stripe" | "sandbox";

export type CheckoutRequest = {
  depositId: string;
  amountCents: Cents;
  userEmail: string;
  /** Absolute URLs the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutSession = { url: string; reference: string };

/** What a verified provider event means for a deposit. */
export type DepositOutcome =
  | {
      kind: "paid";
      depositId: string;
      reference: string;
      amountCents: Cents | null;
      currency: string | null;
    }
  | { kind: "failed"; depositId: string; reference: string }
  | { kind: "ignored" };

/** A provider event whose signature checked out. */
export type PaymentEvent = {
  id: string;
  type: string;
  provider: PaymentProviderName;
  payload: unknown;
  outcome: DepositOutcome;
};

/** A webhook's event when its signature checks out, else why it was not taken (the answer is then 400). */
export type WebhookVerification =
  | { verified: true; event: PaymentEvent }
  | { verified: false; reason: string };

/** A hosted card checkout: Stripe Checkout, or the local sandbox that stands in for it. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  verifyWebhook(rawBody: string, headers: Headers): WebhookVerification;
}

// Stripe's event envelope; the sandbox sends the same shape so both go through one parser.
const eventEnvelope = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.looseObject({}) }),
});

const checkoutSession = z.looseObject({
  id: z.string().min(1).max(255),
  // The webhook boundary: the provider's amount (whole cents, a safe integer for zod's int) becomes Cents here.
  amount_total: z
    .number()
    .int()
    .transform((amount) => cents(amount))
    .nullish(),
  currency: z.string().max(10).nullish(),
  payment_status: z.string().max(50).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

const PAID_TYPES = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);
const FAILED_TYPES = new Set(["checkout.session.expired", "checkout.session.async_payment_failed"]);

/** Reads a verified event (already JSON-parsed) into what it means for a deposit; null when it is malformed. */
export function readCheckoutEvent(provider: PaymentProviderName, payload: unknown): PaymentEvent | null {
  const envelope = eventEnvelope.safeParse(payload);
  if (!envelope.success) return null;
  const { id, type } = envelope.data;
  const ignored = { id, type, provider, payload, outcome: { kind: "ignored" as const } };
  if (!PAID_TYPES.has(type) && !FAILED_TYPES.has(type)) return ignored;
  const session = checkoutSession.safeParse(envelope.data.data.object);
  if (!session.success) return ignored;
  const depositId = z.uuid().safeParse(session.data.metadata?.deposit_id);
  if (!depositId.success) return ignored;
  const reference = session.data.id;
  if (FAILED_TYPES.has(type)) {
    return { ...ignored, outcome: { kind: "failed", depositId: depositId.data, reference } };
  }
  // A completed session with a delayed payment method is not money yet: wait for async_payment_succeeded.
  if (session.data.payment_status !== "paid") return ignored;
  return {
    ...ignored,
    outcome: {
      kind: "paid",
      depositId: depositId.data,
      reference,
      amountCents: session.data.amount_total ?? null,
      currency: session.data.currency ?? null,
    },
  };
}
