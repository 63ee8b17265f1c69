import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { platforms, services } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";
import { fromPrice, type SmallestOrder } from "../pricing/from-price.ts";
import { listLikesPacks } from "./list-likes-packs.server.ts";

/** The platform whose list carries the Real Instagram Likes packs (product rules 3.3). */
const PACKS_PLATFORM = "instagram";

/**
 * Each listed platform's from-price (product rules 7.9): the least one order of its enabled one-time services (or,
 * on Instagram's list, a likes pack) costs. A platform without an enabled one-time service has no entry, and no card.
 */
export async function listPlatformFromPrices(db: Executor): Promise<Map<string, Cents>> {
  const [rows, packs] = await Promise.all([
    db
      .select({
        platform: services.platform,
        pricePer1000: services.pricePer1000,
        orderType: services.orderType,
        minQuantity: services.minQuantity,
      })
      .from(services)
      .innerJoin(platforms, eq(platforms.slug, services.platform))
      .where(
        and(eq(services.enabled, true), eq(services.serviceType, "one_time"), eq(platforms.listed, true)),
      ),
    listLikesPacks(db),
  ]);
  const byPlatform = new Map<string, SmallestOrder[]>();
  for (const { platform, ...service } of rows)
    byPlatform.set(platform, [...(byPlatform.get(platform) ?? []), service]);
  const prices = new Map<string, Cents>();
  for (const [platform, platformServices] of byPlatform) {
    const packPrices = platform === PACKS_PLATFORM ? packs.map((pack) => pack.priceCents) : [];
    const price = fromPrice(platformServices, packPrices);
    if (price !== null) prices.set(platform, price);
  }
  return prices;
}
