import { asc } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";
import type { AdminService } from "./service-form.ts";

/** The columns of a service that placing an order reads (all the manual order form lists of one). */
export const serviceOrderingColumns = {
  id: services.id,
  name: services.name,
  platform: services.platform,
  serviceType: services.serviceType,
  targetKind: services.targetKind,
  pricePer1000: services.pricePer1000,
  minQuantity: services.minQuantity,
  maxQuantity: services.maxQuantity,
  defaultPosts: services.defaultPosts,
};

/** Every service of every platform, enabled or not, by platform then catalogue order. */
export async function listServicesForAdmin(db: Executor): Promise<AdminService[]> {
  return db
    .select({
      ...serviceOrderingColumns,
      slug: services.slug,
      description: services.description,
      features: services.features,
      orderType: services.orderType,
      dripfeed: services.dripfeed,
      refillDays: services.refillDays,
      enabled: services.enabled,
    })
    .from(services)
    .orderBy(asc(services.platform), asc(services.sortOrder), asc(services.name));
}
