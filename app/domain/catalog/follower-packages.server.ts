import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";
import { chargeForQuantity } from "../pricing/price.ts";

/** The home page's Followers tab: fixed follower counts priced from the Instagram Followers service. */
const FOLLOWER_PACKAGES = [
  { name: "SMALL", count: 100, popular: false },
  { name: "GROWTH", count: 500, popular: true },
  { name: "PRO", count: 1_000, popular: false },
] as const;

export type FollowerPackage = { name: string; count: number; popular: boolean; priceCents: Cents };

/** The follower packages at today's Instagram Followers rate; empty when that service is missing or disabled. */
export async function listFollowerPackages(db: Executor): Promise<FollowerPackage[]> {
  const [service] = await db
    .select({ pricePer1000: services.pricePer1000 })
    .from(services)
    .where(and(eq(services.slug, "instagram-followers"), eq(services.enabled, true)))
    .limit(1);
  if (!service) return [];
  return FOLLOWER_PACKAGES.map((pkg) => ({
    ...pkg,
    priceCents: chargeForQuantity(service.pricePer1000, pkg.count),
  }));
}
