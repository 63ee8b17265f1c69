import { z } from "zod";
import { cents } from "../pricing/cents.ts";
import type { GatewayEvent, GatewayName } from "./gateway.ts";

// Stripe's event envelope; the sandbox sends the same shape so both go through one parser.
const eventEnvelope = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.looseObject({}) }),
});

const checkoutSession = z.looseObject({
  id: z.string().min(1).max(255),
  // The webhook boundary: the gateway's amount (whole cents, a safe integer for zod's int) becomes Cents here.
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
const KIND_OF_CLOSING_TYPE = new Map<string, "failed" | "expired">([
  ["checkout.session.expired", "expired"],
  ["checkout.session.async_payment_failed", "failed"],
]);

/**
 * Reads a verified Stripe Checkout event (already JSON-parsed) into a normalised gateway event; null when it is
 * malformed. Stripe and the sandbox share it: the sandbox sends Stripe's shape.
 */
export function readCheckoutEvent(gateway: GatewayName, payload: unknown): GatewayEvent | null {
  const envelope = eventEnvelope.safeParse(payload);
  if (!envelope.success) return null;
  const { id, type } = envelope.data;
  const ignored = { id, type, gateway, payload, change: { kind: "ignored" as const } };
  const closingKind = KIND_OF_CLOSING_TYPE.get(type);
  if (!PAID_TYPES.has(type) && !closingKind) return ignored;
  const session = checkoutSession.safeParse(envelope.data.data.object);
  if (!session.success) return ignored;
  const depositId = z.uuid().safeParse(session.data.metadata?.deposit_id);
  if (!depositId.success) return ignored;
  const named = {
    depositId: depositId.data,
    reference: session.data.id,
    amountCents: session.data.amount_total ?? null,
    currency: session.data.currency ?? null,
  };
  if (closingKind) return { ...ignored, change: { kind: closingKind, ...named } };
  // A completed session with a delayed payment method is not money yet: wait for async_payment_succeeded.
  if (session.data.payment_status !== "paid") return ignored;
  return { ...ignored, change: { kind: "paid", ...named } };
}
