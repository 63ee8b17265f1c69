import { asc } from "drizzle-orm";
import type { Executor } from "../../../db/client.server.ts";
import { services } from "../../../db/schema.ts";
import type { AdminService } from "./services-form.ts";

/** Every service of every platform, enabled or not, by platform then catalogue order. */
export async function listServicesForAdmin(db: Executor): Promise<AdminService[]> {
  return db
    .select({
      id: services.id,
      slug: services.slug,
      name: services.name,
      platform: services.platform,
      serviceType: services.serviceType,
      targetKind: services.targetKind,
      pricePer1000: services.pricePer1000,
      minQuantity: services.minQuantity,
      maxQuantity: services.maxQuantity,
      description: services.description,
      features: services.features,
      defaultPosts: services.defaultPosts,
      enabled: services.enabled,
    })
    .from(services)
    .orderBy(asc(services.platform), asc(services.sortOrder), asc(services.name));
}
