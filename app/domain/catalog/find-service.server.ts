import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";

export type OrderableService = typeof services.$inferSelect;

/** An enabled service by id, or null (unknown, malformed or disabled ids alike). */
export async function findOrderableService(
  db: Executor,
  serviceId: string,
): Promise<OrderableService | null> {
  if (!isUuid(serviceId)) return null;
  const [service] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.enabled, true)));
  return service ?? null;
}

/** An enabled service by its stable slug (e.g. "instagram-likes"), or null. */
export async function findOrderableServiceBySlug(
  db: Executor,
  slug: string,
): Promise<OrderableService | null> {
  const [service] = await db
    .select()
    .from(services)
    .where(and(eq(services.slug, slug), eq(services.enabled, true)));
  return service ?? null;
}
