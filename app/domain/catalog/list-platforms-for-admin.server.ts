import { asc, count, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { platforms, serviceCategories, services } from "../../db/schema.ts";
import type { AdminCategory, AdminPlatform } from "./platform-form.ts";

/** Every platform with how many services use it and its categories (each with its services' count), in order. */
export async function listPlatformsForAdmin(db: Executor): Promise<AdminPlatform[]> {
  const [platformRows, categoryRows] = await Promise.all([
    db
      .select({
        slug: platforms.slug,
        name: platforms.name,
        linkHosts: platforms.linkHosts,
        listed: platforms.listed,
        sortOrder: platforms.sortOrder,
        services: count(services.id),
      })
      .from(platforms)
      .leftJoin(services, eq(services.platform, platforms.slug))
      .groupBy(platforms.slug)
      .orderBy(asc(platforms.sortOrder), asc(platforms.name)),
    db
      .select({
        id: serviceCategories.id,
        platform: serviceCategories.platform,
        name: serviceCategories.name,
        sortOrder: serviceCategories.sortOrder,
        services: count(services.id),
      })
      .from(serviceCategories)
      .leftJoin(services, eq(services.categoryId, serviceCategories.id))
      .groupBy(serviceCategories.id)
      .orderBy(asc(serviceCategories.sortOrder), asc(serviceCategories.name)),
  ]);
  const byPlatform = new Map<string, AdminCategory[]>();
  for (const { platform, ...category } of categoryRows)
    byPlatform.set(platform, [...(byPlatform.get(platform) ?? []), category]);
  return platformRows.map((platform) => ({ ...platform, categories: byPlatform.get(platform.slug) ?? [] }));
}
