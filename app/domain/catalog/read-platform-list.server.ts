import type { Executor } from "../../db/client.server.ts";
import { type ListedService, listPlatformServices } from "./list-platform-services.server.ts";
import { findListedPlatform, listServiceCategories } from "./list-platforms.server.ts";
import { PLATFORM_SLUG, type Platform } from "./platforms.ts";

/** A category's section of a platform's list: its name and its enabled one-time services. */
export type CategorySection = { id: string; name: string; services: ListedService[] };

export type PlatformList = {
  platform: Pick<Platform, "slug" | "name">;
  /** One-time services in no category, shown first, under the list's own heading. */
  ungrouped: ListedService[];
  /** Then one section per category that has services, in the categories' order. */
  sections: CategorySection[];
  /** The auto services, all in one section whatever their category. */
  automatic: ListedService[];
};

/**
 * What /services/{slug} shows: a listed platform and its enabled services grouped by category (any platform, the
 * specification's or the operator's: docs/decisions/038); null for an unknown or unlisted platform.
 */
export async function readPlatformList(db: Executor, slug: string | undefined): Promise<PlatformList | null> {
  if (!slug || !PLATFORM_SLUG.test(slug)) return null;
  const [platform, categories, services] = await Promise.all([
    findListedPlatform(db, slug),
    listServiceCategories(db, slug),
    listPlatformServices(db, slug),
  ]);
  if (!platform) return null;
  const oneTime = services.filter((service) => service.serviceType === "one_time");
  const sections = categories
    .map((category) => ({
      id: category.id,
      name: category.name,
      services: oneTime.filter((service) => service.categoryId === category.id),
    }))
    .filter((section) => section.services.length > 0);
  const grouped = new Set(sections.flatMap((section) => section.services.map((service) => service.id)));
  return {
    platform: { slug: platform.slug, name: platform.name },
    ungrouped: oneTime.filter((service) => !grouped.has(service.id)),
    sections,
    automatic: services.filter((service) => service.serviceType === "auto"),
  };
}
