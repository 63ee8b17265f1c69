import { data } from "react-router";
import { HOSTED_GATEWAYS } from "../../domain/payments/gateway.ts";
import { webhookProvider } from "../../domain/payments/payment-provider.server.ts";
import { receivePaymentWebhook } from "../../domain/payments/receive-webhook.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import type { Route } from "./+types/route";

/**
 * The payment providers' signed events, one path each: /api/webhooks/stripe for Stripe's checkout.session.* events
 * (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET set), /api/webhooks/sandbox for the local sandbox checkout's (no
 * Stripe keys, never in production), /api/webhooks/paypal for PayPal's, /api/webhooks/btcpay for a BTCPay Server's
 * (each when enabled: its setup on the admin's Payments page, or the environment). Any other
 * name, or a gateway that is not enabled, is 404.
 */

function providerName(param: string): (typeof HOSTED_GATEWAYS)[number] {
  const name = HOSTED_GATEWAYS.find((known) => known === param);
  if (!name) throw data({ error: "Not found" }, { status: 404 });
  return name;
}

function methodNotAllowed() {
  return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}

/** GET on a webhook path: nothing to see (no GET changes state). */
export function loader({ params }: Route.LoaderArgs): never {
  providerName(params.provider);
  throw methodNotAllowed();
}

/** 404 unless that provider is active, then the verified handler on the raw body. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const name = providerName(params.provider);
  if (request.method !== "POST") throw methodNotAllowed();
  const provider = await webhookProvider(shopDatabase(context), name);
  if (!provider) throw data({ error: "Not found" }, { status: 404 });
  // The signature covers the exact bytes sent: read them untouched, before any parsing.
  const rawBody = await request.text();
  const answer = await receivePaymentWebhook(shopDatabase(context), provider, rawBody, request.headers);
  return Response.json(answer.body, { status: answer.status });
}
