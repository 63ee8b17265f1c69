import { compareAmounts, costInDollars, type Markup, priceFromCost } from "../pricing/markup-price.ts";

/**
 * What a provider sync does to one mapped service (docs/decisions/037, 040; product rules 13.23 to 13.26), decided
 * by one pure function from what the shop has and what the provider listed, so each rule is tested on its own
 * and a second round over the same answer changes nothing.
 */

/** The service as the catalogue has it now. */
export type SyncedService = {
  pricePer1000: string;
  minQuantity: number;
  maxQuantity: number;
  orderType: string;
  enabled: boolean;
};

/** The mapping as it was last synced: the provider's rate (its currency), its cost in dollars, its limits. */
export type SyncedMapping = {
  upstreamRate: string | null;
  costPer1000: string | null;
  minQuantity: number | null;
  maxQuantity: number | null;
};

/** The provider's entry for the service in this round's list, or why there is none. */
export type UpstreamEntry =
  | { listed: true; rate: string; min: number; max: number; listedAgain: boolean }
  | { listed: false };

export type PlannedChange =
  | { kind: "cost_changed"; from: string | null; to: string }
  | { kind: "repriced"; from: string; to: string; cost: string }
  | { kind: "paused_rate_rise"; price: string; cost: string; markupPrice: string | null }
  | { kind: "paused_vanished" }
  | { kind: "paused_limits"; limits: string; upstream: string }
  | { kind: "limits_narrowed"; minQuantity: number; maxQuantity: number }
  | { kind: "listed_again" };

export type ServiceSyncPlan = {
  /** The mapping's new rate, cost and limits, or null when they stay. */
  mapping: SyncedMapping | null;
  changes: PlannedChange[];
};

export type SyncTerms = {
  /** Dollars per unit of the provider's currency; null: no rate, so no cost or price moves. */
  usdPerUnit: string | null;
  markup: Markup;
  onRateRise: "follow" | "pause";
};

/** The plan for one mapped service: its mapping's new figures and each change, in the order they apply. */
export function planServiceSync(
  service: SyncedService,
  mapping: SyncedMapping,
  upstream: UpstreamEntry,
  terms: SyncTerms,
): ServiceSyncPlan {
  // A service the provider no longer lists cannot be delivered: off sale, and nothing else read from it.
  if (!upstream.listed)
    return { mapping: null, changes: service.enabled ? [{ kind: "paused_vanished" }] : [] };
  const changes: PlannedChange[] = upstream.listedAgain ? [{ kind: "listed_again" }] : [];
  let enabled = service.enabled;
  const next: SyncedMapping = {
    upstreamRate: upstream.rate,
    costPer1000: mapping.costPer1000,
    minQuantity: upstream.min,
    maxQuantity: upstream.max,
  };

  const cost = terms.usdPerUnit === null ? null : costInDollars(upstream.rate, terms.usdPerUnit);
  if (cost !== null) {
    const before = mapping.costPer1000;
    if (before === null || compareAmounts(cost, before) !== 0) {
      changes.push({ kind: "cost_changed", from: before, to: cost });
      next.costPer1000 = cost;
    }
    const rose = before !== null && compareAmounts(cost, before) > 0;
    const markupPrice = priceFromCost(cost, terms.markup);
    const belowCost = compareAmounts(service.pricePer1000, cost) < 0;
    const belowMarkup = markupPrice === null || compareAmounts(service.pricePer1000, markupPrice) < 0;
    // A price under its cost is never left so; a rise that eats into the markup is followed or paused, while
    // a price the operator set between cost and markup stays until the cost rises again.
    if (belowCost || (rose && belowMarkup)) {
      if (terms.onRateRise === "follow" && markupPrice !== null) {
        if (compareAmounts(markupPrice, service.pricePer1000) !== 0)
          changes.push({ kind: "repriced", from: service.pricePer1000, to: markupPrice, cost });
      } else if (enabled) {
        changes.push({ kind: "paused_rate_rise", price: service.pricePer1000, cost, markupPrice });
        enabled = false;
      }
    }
  }

  // A Package is one unit: its limits stay 1 to 1 whatever the provider says.
  if (service.orderType !== "package") {
    const min = Math.max(service.minQuantity, upstream.min);
    const max = Math.min(service.maxQuantity, upstream.max);
    if (min > max) {
      if (enabled)
        changes.push({
          kind: "paused_limits",
          limits: `${service.minQuantity}-${service.maxQuantity}`,
          upstream: `${upstream.min}-${upstream.max}`,
        });
    } else if (min !== service.minQuantity || max !== service.maxQuantity)
      changes.push({ kind: "limits_narrowed", minQuantity: min, maxQuantity: max });
  }

  const mappingMoved =
    next.upstreamRate !== mapping.upstreamRate ||
    next.costPer1000 !== mapping.costPer1000 ||
    next.minQuantity !== mapping.minQuantity ||
    next.maxQuantity !== mapping.maxQuantity;
  return { mapping: mappingMoved ? next : null, changes };
}
