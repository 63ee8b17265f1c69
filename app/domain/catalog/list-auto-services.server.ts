import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";
import { formatServiceName } from "./product-name.ts";

export type AutoService = {
  id: string;
  /** The service's integer id in the reseller API (a Subscriptions service there). */
  apiId: number;
  name: string;
  description: string;
  platform: string;
  pricePer1000: string;
  minQuantity: number;
  maxQuantity: number;
  defaultPosts: number | null;
};

/** The enabled auto services (the Automatic Order page's list and select), in catalogue order. */
export async function listAutoServices(db: Executor): Promise<AutoService[]> {
  const rows = await db
    .select({
      id: services.id,
      apiId: services.apiId,
      name: services.name,
      description: services.description,
      platform: services.platform,
      pricePer1000: services.pricePer1000,
      minQuantity: services.minQuantity,
      maxQuantity: services.maxQuantity,
      defaultPosts: services.defaultPosts,
    })
    .from(services)
    .where(and(eq(services.enabled, true), eq(services.serviceType, "auto")))
    .orderBy(asc(services.sortOrder), asc(services.name));
  return rows.map((row) => ({ ...row, name: formatServiceName(row.name) }));
}
