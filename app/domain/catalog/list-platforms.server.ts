import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { platforms, serviceCategories } from "../../db/schema.ts";
import type { Platform, ServiceCategory } from "./platforms.ts";

const platformColumns = {
  slug: platforms.slug,
  name: platforms.name,
  linkHosts: platforms.linkHosts,
  listed: platforms.listed,
  sortOrder: platforms.sortOrder,
};

const categoryColumns = {
  id: serviceCategories.id,
  platform: serviceCategories.platform,
  name: serviceCategories.name,
  sortOrder: serviceCategories.sortOrder,
};

/** Every platform, listed or not, in the menus' order (its order, then its name). */
export async function listPlatforms(db: Executor): Promise<Platform[]> {
  return db.select(platformColumns).from(platforms).orderBy(asc(platforms.sortOrder), asc(platforms.name));
}

/** The platforms with a public service list, in the menus' order (the sitemap's lists). */
export async function listListedPlatforms(db: Executor): Promise<Platform[]> {
  return db
    .select(platformColumns)
    .from(platforms)
    .where(eq(platforms.listed, true))
    .orderBy(asc(platforms.sortOrder), asc(platforms.name));
}

/** A platform with a public list (/services/{slug}), or null for an unknown or unlisted one. */
export async function findListedPlatform(db: Executor, slug: string): Promise<Platform | null> {
  const [platform] = await db
    .select(platformColumns)
    .from(platforms)
    .where(and(eq(platforms.slug, slug), eq(platforms.listed, true)));
  return platform ?? null;
}

/** Every category of every platform (or of one), by platform, then its order and name. */
export async function listServiceCategories(db: Executor, platform?: string): Promise<ServiceCategory[]> {
  return db
    .select(categoryColumns)
    .from(serviceCategories)
    .where(platform === undefined ? undefined : eq(serviceCategories.platform, platform))
    .orderBy(asc(serviceCategories.platform), asc(serviceCategories.sortOrder), asc(serviceCategories.name));
}
