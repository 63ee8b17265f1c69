import type { Database } from "../../db/client.server.ts";
import { applyGatewayEvent } from "./apply-gateway-event.server.ts";
import type { DepositGateway } from "./gateway.ts";

export type WebhookAnswer = {
  status: 200 | 400;
  body: { received: boolean; duplicate?: boolean; result?: string; error?: string };
};

/**
 * Handles one gateway webhook delivery: verifies the signature over the raw body (forged or stale: 400, nothing
 * recorded), then applies the normalised event once. A redelivered event is acknowledged and changes nothing.
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
  if (applied.duplicate) return { status: 200, body: { received: true, duplicate: true } };
  return { status: 200, body: { received: true, result: applied.result } };
}
