import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";

/** What an admin (or a provider import) sets on a service; its id, slug and timestamps are the catalogue's. */
export type ServiceFields = Omit<typeof services.$inferInsert, "id" | "slug" | "createdAt" | "updatedAt">;

/** Adds a service at `slug` (its public page's address); null when another service already has that slug. */
export async function addService(
  db: Executor,
  service: ServiceFields & { slug: string },
): Promise<{ id: string } | null> {
  const [created] = await db
    .insert(services)
    .values(service)
    .onConflictDoNothing({ target: services.slug })
    .returning({ id: services.id });
  return created ?? null;
}

/** Changes a service's fields; its slug stays. A new price applies to every later order. */
export async function changeService(db: Executor, serviceId: string, fields: ServiceFields): Promise<void> {
  await db
    .update(services)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(services.id, serviceId));
}

/** Hides a service from the storefront and refuses new orders for it; its orders keep pointing at it. */
export async function disableService(db: Executor, serviceId: string): Promise<void> {
  await db.update(services).set({ enabled: false, updatedAt: sql`now()` }).where(eq(services.id, serviceId));
}

/** Removes a service for good (only one nobody ordered: orders and auto orders point at their service). */
export async function removeService(db: Executor, serviceId: string): Promise<void> {
  await db.delete(services).where(eq(services.id, serviceId));
}
