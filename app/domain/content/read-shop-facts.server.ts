import { acceptedPaymentMethods, type GatewaySwitch } from "../payments/payment-provider.server.ts";
import type { Settings } from "../settings/defaults.ts";
import type { ShopFacts } from "./shop-promises.ts";

/**
 * The facts the pages' promises quote, from settings already read (the root loader's) and the gateways' switches
 * read with them (the site frame).
 */
export function shopFactsFrom(settings: Settings, gateways: readonly GatewaySwitch[]): ShopFacts {
  return {
    minDepositCents: settings.minDepositCents,
    newUserBonusCents: settings.newUserBonusCents,
    autoOrdersEnabled: settings.autoOrdersEnabled,
    paymentMethods: acceptedPaymentMethods(gateways),
  };
}
