import type { Executor } from "../../db/client.server.ts";
import { env, PAYPAL_API_URLS } from "../../lib/env.server.ts";
import { btcpayGateway } from "./btcpay-gateway.server.ts";
import type { DepositGateway, DepositTerms, GatewayName } from "./gateway.ts";
import type { GatewaySetup } from "./gateway-setup.server.ts";
import { readGatewaySetups } from "./gateway-setup.server.ts";
import { type PaymentMethod, paymentMethodsOf } from "./payment-methods.ts";
import { paypalGateway } from "./paypal-gateway.server.ts";
import { sandboxProvider } from "./sandbox-provider.server.ts";
import { stripeProvider } from "./stripe-provider.server.ts";

/** Whether an operator saved a gateway's setup, and whether it is on (the site frame reads these for every page). */
export type GatewaySwitch = { gateway: GatewayName; enabled: boolean };

/**
 * Which gateways take deposits, in the order the wallet offers them (product rules 16.35, 16.41): a gateway's
 * saved setup decides for it; without one, the environment does (STRIPE_SECRET_KEY, PayPal's account), as before
 * the admin could set them up. The local sandbox stands in for the card outside production when no card gateway
 * is on (never in production: it must not hand out free money). Then PayPal, then crypto. Empty: deposits are
 * refused.
 */
export function enabledGatewayNames(saved: readonly GatewaySwitch[]): GatewayName[] {
  const config = env();
  const isOn = (gateway: GatewayName, fromEnvironment: boolean) => {
    const setup = saved.find((each) => each.gateway === gateway);
    return setup ? setup.enabled : fromEnvironment;
  };
  const names: GatewayName[] = [];
  if (isOn("stripe", Boolean(config.stripeSecretKey))) names.push("stripe");
  else if (!config.isProduction) names.push("sandbox");
  if (isOn("paypal", Boolean(config.paypal))) names.push("paypal");
  if (isOn("btcpay", false)) names.push("btcpay");
  return names;
}

function gatewayFrom(setup: GatewaySetup | undefined, name: GatewayName): DepositGateway | null {
  const config = env();
  const values = setup?.saved ? setup.values : null;
  switch (name) {
    case "sandbox":
      return sandboxProvider();
    case "stripe":
      return values
        ? stripeProvider({ secretKey: values.secretKey ?? "", webhookSecret: values.webhookSecret })
        : config.stripeSecretKey
          ? stripeProvider({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret })
          : null;
    case "paypal": {
      if (!values) return config.paypal ? paypalGateway(config.paypal) : null;
      const environment = values.environment === "sandbox" ? "sandbox" : "live";
      return paypalGateway({
        clientId: values.clientId ?? "",
        clientSecret: values.clientSecret ?? "",
        webhookId: values.webhookId ?? "",
        environment,
        apiUrl: PAYPAL_API_URLS[environment],
      });
    }
    case "btcpay":
      return values
        ? btcpayGateway({
            serverUrl: values.serverUrl ?? "",
            storeId: values.storeId ?? "",
            apiKey: values.apiKey ?? "",
            webhookSecret: values.webhookSecret ?? "",
          })
        : null;
    case "manual":
      // Manual methods are claims an admin decides (decision 059), not a hosted gateway.
      return null;
  }
}

function termsOf(setup: GatewaySetup): DepositTerms {
  return {
    feeBasisPoints: setup.fee.basisPoints,
    bonusBasisPoints: setup.bonusBasisPoints,
    feeFixedCents: setup.fee.fixedCents,
    minDepositCents: setup.minDepositCents,
    maxDepositCents: setup.maxDepositCents,
  };
}

/** The gateways that take deposits now, ready to use: their saved setups opened, or the environment's. */
export async function enabledGateways(db: Executor): Promise<DepositGateway[]> {
  const setups = await readGatewaySetups(db);
  const names = enabledGatewayNames(setups.filter((setup) => setup.saved));
  return names.flatMap((name) => {
    const setup = setups.find((each) => each.gateway === name);
    const gateway = gatewayFrom(setup, name);
    if (!gateway) return [];
    return setup?.saved ? [{ ...gateway, terms: termsOf(setup) }] : [gateway];
  });
}

/** The enabled gateway of that name, or null when it is not on (its webhook path and pages are then 404). */
export async function webhookProvider(db: Executor, name: GatewayName): Promise<DepositGateway | null> {
  return (await enabledGateways(db)).find((gateway) => gateway.name === name) ?? null;
}

/** What customers can pay with now: the enabled gateways' methods, none without one (product rules 6.5). */
export function acceptedPaymentMethods(saved: readonly GatewaySwitch[]): PaymentMethod[] {
  return paymentMethodsOf(enabledGatewayNames(saved));
}
