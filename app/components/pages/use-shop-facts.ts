import { useRouteLoaderData } from "react-router";
import type { ShopFacts } from "../../domain/content/shop-promises.ts";
import { settingDefaults } from "../../domain/settings/defaults.ts";

/** Without the root's data (its own error page) a page promises no payment method and no bonus. */
const WITHOUT_ROOT: ShopFacts = {
  minDepositCents: settingDefaults.minDepositCents,
  newUserBonusCents: settingDefaults.newUserBonusCents,
  autoOrdersEnabled: settingDefaults.autoOrdersEnabled,
  paymentMethods: [],
};

/**
 * The settings and payment setup the page's promises quote, from the root loader's `site.facts` (product rules
 * 11). Typed by shape rather than by the root's loader, so no module the root imports depends on the root.
 */
export function useShopFacts(): ShopFacts {
  const root = useRouteLoaderData("root") as { site?: { facts?: ShopFacts } } | undefined;
  return root?.site?.facts ?? WITHOUT_ROOT;
}
