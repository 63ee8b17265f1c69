import { env } from "../../lib/env.server.ts";
import type { DepositGateway, GatewayName } from "./gateway.ts";
import { type PaymentMethod, paymentMethodsOf } from "./payment-methods.ts";
import { sandboxProvider } from "./sandbox-provider.server.ts";
import { stripeProvider } from "./stripe-provider.server.ts";

/**
 * The provider deposits use: Stripe when STRIPE_SECRET_KEY is set, else the local sandbox outside production.
 * Null in production without Stripe (deposits are refused: the sandbox must never hand out free money).
 */
export function activePaymentProvider(): DepositGateway | null {
  const config = env();
  if (config.stripeSecretKey) {
    return stripeProvider({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret });
  }
  return config.isProduction ? null : sandboxProvider();
}

/** The provider that answers a webhook path, or null when that provider is not the active one (404). */
export function webhookProvider(name: GatewayName): DepositGateway | null {
  const provider = activePaymentProvider();
  return provider?.name === name ? provider : null;
}

/** What customers can pay with now: the active provider's methods, none without one (product rules 6.5). */
export function acceptedPaymentMethods(): PaymentMethod[] {
  const config = env();
  if (config.stripeSecretKey) return paymentMethodsOf("stripe");
  return paymentMethodsOf(config.isProduction ? null : "sandbox");
}
