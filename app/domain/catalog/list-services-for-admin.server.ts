import { asc, eq, sql } from "drizzle-orm";
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
  // A Package's rate is per package (product rules 13.10).
  orderType: services.orderType,
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
      categoryId: services.categoryId,
      description: services.description,
      features: services.features,
      dripfeed: services.dripfeed,
      refillDays: services.refillDays,
      enabled: services.enabled,
      // The latest change a provider sync made to it (repriced, paused, ...), shown in its row.
      lastSyncChange: sql<string | null>`(select sc.kind from service_changes sc
        where sc.service_id = "services"."id" order by sc.created_at desc, sc.id desc limit 1)`,
    })
    .from(services)
    .orderBy(asc(services.platform), asc(services.sortOrder), asc(services.name));
}

/** A service as the manual order form lists it: the admin's view of it without the storefront texts. */
export type ManualOrderService = Omit<
  AdminService,
  "slug" | "categoryId" | "description" | "features" | "refillDays" | "enabled" | "dripfeed"
>;

/** Every enabled service, by platform then name (the manual order form's service list). */
export async function listServicesForManualOrder(db: Executor): Promise<ManualOrderService[]> {
  return db
    .select(serviceOrderingColumns)
    .from(services)
    .where(eq(services.enabled, true))
    .orderBy(asc(services.platform), asc(services.name));
}
