import { z } from "zod";
import type { GatewayChange, GatewayEvent } from "./gateway.ts";
import { gatewayAmountCents } from "./gateway-amount.ts";

// PayPal's webhook envelope (Webhooks v1): the event's id ("WH-..."), its type and the resource it is about.
const envelope = z.looseObject({
  id: z.string().min(1).max(255),
  event_type: z.string().min(1).max(255),
  resource: z.looseObject({}),
});

const money = z.looseObject({ currency_code: z.string().max(10), value: z.string().max(40) });

// A capture (PAYMENT.CAPTURE.*) or a refund (PAYMENT.CAPTURE.REFUNDED): the deposit id is its custom_id (or
// invoice_id), the order it belongs to in supplementary_data.related_ids.
const payment = z.looseObject({
  id: z.string().min(1).max(255),
  status: z.string().max(50).optional(),
  amount: money.optional(),
  custom_id: z.string().max(255).optional(),
  invoice_id: z.string().max(255).optional(),
  supplementary_data: z
    .looseObject({ related_ids: z.looseObject({ order_id: z.string().max(255).optional() }).optional() })
    .optional(),
  links: z.array(z.looseObject({ href: z.string().max(2000), rel: z.string().max(50) })).optional(),
});

const approvedOrder = z.looseObject({
  id: z.string().min(1).max(255),
  status: z.string().max(50).optional(),
});

const KIND_OF_PAYMENT_TYPE = new Map<string, "paid" | "failed" | "refunded">([
  ["PAYMENT.CAPTURE.COMPLETED", "paid"],
  ["PAYMENT.CAPTURE.DENIED", "failed"],
  ["PAYMENT.CAPTURE.REFUNDED", "refunded"],
]);

/** The event id PayPal's events keep in payment_events: prefixed, so no other gateway's id can collide. */
export function paypalEventId(webhookEventId: string): string {
  return `paypal:${webhookEventId}`;
}

/** The event id of a capture's own answer (docs/decisions/058). */
export function paypalCaptureEventId(captureId: string): string {
  return `paypal:capture:${captureId}`;
}

/** The capture a refund gives back, from its `up` link (.../v2/payments/captures/<id>). */
function refundedCaptureId(links: z.infer<typeof payment>["links"]): string | null {
  const up = links?.find((link) => link.rel === "up")?.href ?? "";
  return /\/captures\/([^/?#]+)$/.exec(up)?.[1] ?? null;
}

/** A payment resource in the shop's words: which deposit, which order, what was taken. */
function paymentChange(
  kind: "paid" | "failed" | "refunded",
  resource: z.infer<typeof payment>,
): GatewayChange {
  const depositId = z.uuid().safeParse(resource.custom_id ?? resource.invoice_id);
  // A capture without its order cannot match the deposit's reference (the order id): reference_mismatch.
  const reference = resource.supplementary_data?.related_ids?.order_id ?? null;
  if (!depositId.success) return { kind: "ignored" };
  return {
    kind,
    depositId: depositId.data,
    // A refund names its capture rather than the order; the refund is only recorded for an admin.
    reference: reference ?? refundedCaptureId(resource.links) ?? resource.id,
    // Anything but a plain decimal amount reads as no amount, which no deposit matches (amount_mismatch).
    amountCents: resource.amount ? gatewayAmountCents(resource.amount.value) : null,
    currency: resource.amount?.currency_code ?? null,
  };
}

/** What a verified PayPal webhook says: the normalised event, and the order to capture for an approval. */
export type PaypalWebhookReading = { event: GatewayEvent; capture?: string };

/**
 * Reads a verified PayPal webhook (already JSON-parsed) into a normalised gateway event (docs/decisions/058);
 * null when it is not an event. PAYMENT.CAPTURE.COMPLETED is paid, .DENIED failed, .REFUNDED refunded;
 * CHECKOUT.ORDER.APPROVED changes nothing itself but names the order to capture; anything else is ignored.
 */
export function readPaypalWebhook(payload: unknown): PaypalWebhookReading | null {
  const parsed = envelope.safeParse(payload);
  if (!parsed.success) return null;
  const { id, event_type: type, resource } = parsed.data;
  const event: GatewayEvent = {
    id: paypalEventId(id),
    type,
    gateway: "paypal",
    payload,
    change: { kind: "ignored" },
  };
  if (type === "CHECKOUT.ORDER.APPROVED") {
    const order = approvedOrder.safeParse(resource);
    return order.success && order.data.status === "APPROVED" ? { event, capture: order.data.id } : { event };
  }
  const kind = KIND_OF_PAYMENT_TYPE.get(type);
  const captured = payment.safeParse(resource);
  if (!kind || !captured.success) return { event };
  // A completed capture event must say COMPLETED; a pending one is settled by its later event.
  if (kind === "paid" && captured.data.status !== "COMPLETED") return { event };
  return { event: { ...event, change: paymentChange(kind, captured.data) } };
}
