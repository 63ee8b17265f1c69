import { and, eq, getTableColumns } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { platforms, services } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";

/**
 * An orderable service with what its link checks need of its platform (its name and link hosts,
 * docs/decisions/038), so every page and order path checks a link against the platform as the shop has it.
 */
export type OrderableService = typeof services.$inferSelect & { platformName: string; linkHosts: string[] };

const orderableColumns = {
  ...getTableColumns(services),
  platformName: platforms.name,
  linkHosts: platforms.linkHosts,
};

/** An enabled service by id, or null (unknown, malformed or disabled ids alike). */
export async function findOrderableService(
  db: Executor,
  serviceId: string,
): Promise<OrderableService | null> {
  if (!isUuid(serviceId)) return null;
  const [service] = await db
    .select(orderableColumns)
    .from(services)
    .innerJoin(platforms, eq(platforms.slug, services.platform))
    .where(and(eq(services.id, serviceId), eq(services.enabled, true)));
  return service ?? null;
}

/** An enabled service by its stable slug (e.g. "instagram-likes"), or null. */
export async function findOrderableServiceBySlug(
  db: Executor,
  slug: string,
): Promise<OrderableService | null> {
  const [service] = await db
    .select(orderableColumns)
    .from(services)
    .innerJoin(platforms, eq(platforms.slug, services.platform))
    .where(and(eq(services.slug, slug), eq(services.enabled, true)));
  return service ?? null;
}
