import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { platforms, serviceCategories, services } from "../../db/schema.ts";
import type { ServiceOrderType } from "../pricing/price.ts";
import { formatServiceName } from "./product-name.ts";

export type QuickOrderService = {
  id: string;
  /** The service's integer id in the reseller API. */
  apiId: number;
  name: string;
  platform: string;
  /** Its platform's name and link hosts: what the link and profile checks need (docs/decisions/038). */
  platformName: string;
  linkHosts: string[];
  /** The name of its category on the platform's list; null: none. */
  categoryName: string | null;
  pricePer1000: string;
  minQuantity: number;
  maxQuantity: number;
  targetKind: "post" | "profile";
  /** Its refill window in days; null: not refillable (product rules 4.7). */
  refillDays: number | null;
  /**
   * How it takes an order (a quantity, one comment per line, or one package at its package price) and whether it
   * may be drip-fed (docs/decisions/021, 037).
   */
  orderType: ServiceOrderType;
  dripfeed: boolean;
};

// Customer spec, Quick Order: the popular list is the first 6 services whose name contains one of these.
const POPULAR_NAMES = ["Instagram Likes", "YouTube Views", "TikTok Likes"];
const POPULAR_COUNT = 6;

/** Every enabled one-time service (the quick flow takes no auto services) and the popular few. */
export async function listQuickOrderServices(
  db: Executor,
): Promise<{ all: QuickOrderService[]; popular: QuickOrderService[] }> {
  const rows = await db
    .select({
      id: services.id,
      apiId: services.apiId,
      name: services.name,
      platform: services.platform,
      platformName: platforms.name,
      linkHosts: platforms.linkHosts,
      categoryName: serviceCategories.name,
      pricePer1000: services.pricePer1000,
      minQuantity: services.minQuantity,
      maxQuantity: services.maxQuantity,
      targetKind: services.targetKind,
      refillDays: services.refillDays,
      orderType: services.orderType,
      dripfeed: services.dripfeed,
    })
    .from(services)
    .innerJoin(platforms, eq(platforms.slug, services.platform))
    .leftJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .where(and(eq(services.enabled, true), eq(services.serviceType, "one_time")))
    .orderBy(asc(services.platform), asc(services.sortOrder), asc(services.name));
  const all = rows.map((row) => ({ ...row, name: formatServiceName(row.name) }));
  const popular = all
    .filter((service) => POPULAR_NAMES.some((name) => service.name.includes(name)))
    .slice(0, POPULAR_COUNT);
  return { all, popular };
}
