import { randomUUID } from "node:crypto";
import { env } from "../../lib/env.server.ts";
import { readCheckoutEvent } from "./checkout-session-event.ts";
import type { DepositGateway } from "./gateway.ts";
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxWebhookSecret,
  verifyWebhookSignature,
} from "./webhook-signature.server.ts";

/** The path of the local stand-in for a hosted card checkout. */
export function sandboxCheckoutPath(depositId: string): string {
  return `/sandbox-checkout/${depositId}`;
}

/**
 * The local deposit gateway (no Stripe keys, never in production): a checkout page of our own that reports
 * its result through a signed webhook, exactly as Stripe would, so the real crediting path always runs.
 */
export function sandboxProvider(): DepositGateway {
  return {
    name: "sandbox",
    async startPayment({ depositId }) {
      return {
        url: sandboxCheckoutPath(depositId),
        reference: `cs_sandbox_${randomUUID().replaceAll("-", "")}`,
      };
    },
    async verifyEvent(rawBody, headers) {
      const secret = sandboxWebhookSecret(env().authSecret);
      const check = verifyWebhookSignature(rawBody, headers.get(SANDBOX_SIGNATURE_HEADER), secret);
      if (!check.valid) return { verified: false, reason: `signature ${check.reason}` };
      let payload: unknown;
      try {
        payload = JSON.parse(rawBody);
      } catch {
        return { verified: false, reason: "body is not JSON" };
      }
      const event = readCheckoutEvent("sandbox", payload);
      return event ? { verified: true, event } : { verified: false, reason: "not an event" };
    },
  };
}
