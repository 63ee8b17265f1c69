import type { Database } from "../../db/client.server.ts";
import { applyGatewayEvent } from "./apply-gateway-event.server.ts";
import { captureApprovedPayment } from "./capture-approved-payment.server.ts";
import type { DepositGateway } from "./gateway.ts";

export type WebhookAnswer = {
  status: 200 | 400 | 503;
  body: { received: boolean; duplicate?: boolean; result?: string; error?: string };
};

/**
 * Handles one gateway webhook delivery: verifies the signature over the raw body (forged or stale: 400, nothing
 * recorded), then applies the normalised event once. A redelivered event is acknowledged and changes nothing.
 * An approval to capture (PayPal's CHECKOUT.ORDER.APPROVED) is captured after it is recorded, a redelivery
 * included; when the capture could not be made, 503 asks the gateway to deliver it again (docs/decisions/058).
 */
export async function receivePaymentWebhook(
  db: Database,
  gateway: DepositGateway,
  rawBody: string,
  headers: Headers,
): Promise<WebhookAnswer> {
  const verified = await gateway.verifyEvent(rawBody, headers);
  if (!verified.verified)
    return { status: 400, body: { received: false, error: "Invalid webhook signature" } };
  const applied = await applyGatewayEvent(db, verified.event);
  if (verified.capture) {
    const captured = await captureApprovedPayment(db, gateway, { reference: verified.capture });
    if (captured.outcome === "unavailable") {
      return { status: 503, body: { received: false, error: "Capture not confirmed" } };
    }
  }
  if (applied.duplicate) return { status: 200, body: { received: true, duplicate: true } };
  return { status: 200, body: { received: true, result: applied.result } };
}
