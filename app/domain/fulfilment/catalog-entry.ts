import type { providerCatalog } from "../../db/schema.ts";
import { upstreamRateText } from "../pricing/markup-price.ts";
import type { ProviderService } from "./provider-client.server.ts";

const MAX_INTEGER = 2_147_483_647;

export type CatalogEntry = typeof providerCatalog.$inferInsert;

/**
 * A listed service as the catalogue keeps it, or null when its rate is not a rate: what the sync stores for every
 * service and mapping a service stores for the one it maps (its `cancel` and `refill` flags are what the shop's
 * terms read, docs/decisions/046).
 */
export function catalogEntry(providerId: string, entry: ProviderService): CatalogEntry | null {
  const rate = upstreamRateText(entry.rate);
  if (rate === null || !Number.isFinite(entry.min) || !Number.isFinite(entry.max)) return null;
  const min = Math.min(Math.max(1, entry.min), MAX_INTEGER);
  return {
    providerId,
    upstreamId: entry.service,
    name: entry.name.slice(0, 500),
    category: entry.category.slice(0, 500),
    type: entry.type.slice(0, 100),
    rate,
    minQuantity: min,
    maxQuantity: Math.min(Math.max(min, entry.max), MAX_INTEGER),
    dripfeed: entry.dripfeed,
    refill: entry.refill,
    cancel: entry.cancel,
  };
}
