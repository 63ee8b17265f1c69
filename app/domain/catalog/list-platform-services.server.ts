import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";
import type { ServiceOrderType } from "../pricing/price.ts";
import { formatServiceName } from "./product-name.ts";

export type ListedService = {
  id: string;
  slug: string;
  name: string;
  description: string;
  platform: string;
  /** Its category on the platform's list; null: ungrouped. */
  categoryId: string | null;
  serviceType: "one_time" | "auto";
  targetKind: "post" | "profile";
  pricePer1000: string;
  /** A Package's rate is per package (product rules 13.10). */
  orderType: ServiceOrderType;
  unitLabel: string | null;
  minQuantity: number;
  maxQuantity: number;
  features: string[];
  /** The refill window in days; null: no refill (product rules 4.7). */
  refillDays: number | null;
};

/** The columns a public service card or page shows (one list for the platform lists and the service pages). */
export const listedServiceColumns = {
  id: services.id,
  slug: services.slug,
  name: services.name,
  description: services.description,
  platform: services.platform,
  categoryId: services.categoryId,
  serviceType: services.serviceType,
  targetKind: services.targetKind,
  pricePer1000: services.pricePer1000,
  orderType: services.orderType,
  unitLabel: services.unitLabel,
  minQuantity: services.minQuantity,
  maxQuantity: services.maxQuantity,
  features: services.features,
  refillDays: services.refillDays,
};

/** The enabled services of one platform, in catalogue order. */
export async function listPlatformServices(db: Executor, platform: string): Promise<ListedService[]> {
  const rows = await db
    .select(listedServiceColumns)
    .from(services)
    .where(and(eq(services.platform, platform), eq(services.enabled, true)))
    .orderBy(asc(services.sortOrder), asc(services.name));
  return rows.map((row) => ({ ...row, name: formatServiceName(row.name), platform }));
}
