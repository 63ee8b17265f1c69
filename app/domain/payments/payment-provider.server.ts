import { env } from "../../lib/env.server.ts";
import type { DepositGateway, GatewayName } from "./gateway.ts";
import { type PaymentMethod, paymentMethodsOf } from "./payment-methods.ts";
import { paypalGateway } from "./paypal-gateway.server.ts";
import { sandboxProvider } from "./sandbox-provider.server.ts";
import { stripeProvider } from "./stripe-provider.server.ts";

/**
 * The gateways deposits may use, in the order the wallet offers them (product rules 16.41): Stripe when
 * STRIPE_SECRET_KEY is set, else the local sandbox outside production (never in production: it must not hand out
 * free money); then PayPal when its account is configured. Empty: deposits are refused.
 */
export function enabledGateways(): DepositGateway[] {
  const config = env();
  const gateways: DepositGateway[] = [];
  if (config.stripeSecretKey) {
    gateways.push(
      stripeProvider({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret }),
    );
  } else if (!config.isProduction) {
    gateways.push(sandboxProvider());
  }
  if (config.paypal) gateways.push(paypalGateway(config.paypal));
  return gateways;
}

/** The enabled gateway of that name, or null when it is not on (its webhook path and pages are then 404). */
export function webhookProvider(name: GatewayName): DepositGateway | null {
  return enabledGateways().find((gateway) => gateway.name === name) ?? null;
}

/** What customers can pay with now: the enabled gateways' methods, none without one (product rules 6.5). */
export function acceptedPaymentMethods(): PaymentMethod[] {
  const config = env();
  const names: GatewayName[] = [];
  if (config.stripeSecretKey) names.push("stripe");
  else if (!config.isProduction) names.push("sandbox");
  if (config.paypal) names.push("paypal");
  return paymentMethodsOf(names);
}
