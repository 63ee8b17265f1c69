import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { platforms, serviceCategories, services } from "../../db/schema.ts";
import { formatServiceName } from "./product-name.ts";

export type AutoService = {
  id: string;
  /** The service's integer id in the reseller API (a Subscriptions service there). */
  apiId: number;
  name: string;
  description: string;
  platform: string;
  /** Its platform's name and link hosts: what the link and profile checks need (docs/decisions/038). */
  platformName: string;
  linkHosts: string[];
  /** The name of its category on the platform's list; null: none. */
  categoryName: string | null;
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
      platformName: platforms.name,
      linkHosts: platforms.linkHosts,
      categoryName: serviceCategories.name,
      pricePer1000: services.pricePer1000,
      minQuantity: services.minQuantity,
      maxQuantity: services.maxQuantity,
      defaultPosts: services.defaultPosts,
    })
    .from(services)
    .innerJoin(platforms, eq(platforms.slug, services.platform))
    .leftJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .where(and(eq(services.enabled, true), eq(services.serviceType, "auto")))
    .orderBy(asc(services.sortOrder), asc(services.name));
  return rows.map((row) => ({ ...row, name: formatServiceName(row.name) }));
}
