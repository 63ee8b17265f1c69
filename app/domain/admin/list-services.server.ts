import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";

export type ManualOrderService = {
  id: string;
  name: string;
  platform: string;
  serviceType: "one_time" | "auto";
  targetKind: "post" | "profile";
  pricePer1000: string;
  minQuantity: number;
  maxQuantity: number;
  defaultPosts: number | null;
};

/** Every enabled service, by platform then name (the manual order form's service list). */
export async function listServicesForManualOrder(db: Executor): Promise<ManualOrderService[]> {
  return db
    .select({
      id: services.id,
      name: services.name,
      platform: services.platform,
      serviceType: services.serviceType,
      targetKind: services.targetKind,
      pricePer1000: services.pricePer1000,
      minQuantity: services.minQuantity,
      maxQuantity: services.maxQuantity,
      defaultPosts: services.defaultPosts,
    })
    .from(services)
    .where(eq(services.enabled, true))
    .orderBy(asc(services.platform), asc(services.name));
}
