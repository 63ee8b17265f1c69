import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { PACKAGE_LIMIT, SERVICE_TEXT } from "./service-form-text.ts";

/** What an admin (or a provider import) sets on a service; its id, slug and timestamps are the catalogue's. */
export type ServiceFields = Omit<typeof services.$inferInsert, "id" | "slug" | "createdAt" | "updatedAt">;

/** The code of a service refused because another one already has its slug (its name, for the admin's form). */
export const SLUG_TAKEN = "slug_taken";

/**
 * A Package is one unit at its price (product rules 13.10): a one-time service whose limits are 1 and 1, never
 * drip-fed. The services_package_one_unit constraint holds the same.
 */
export function refusePackageLimits(service: ServiceFields): Refusal | null {
  if (service.orderType !== "package") return null;
  const oneUnit =
    service.serviceType === "one_time" &&
    service.minQuantity === PACKAGE_LIMIT &&
    service.maxQuantity === PACKAGE_LIMIT &&
    !service.dripfeed;
  return oneUnit ? null : refuse("invalid", SERVICE_TEXT.packageLimits, { field: "minQuantity" });
}

/**
 * Adds a service at `slug` (its public page's address): refused when another service already has that slug
 * (code SLUG_TAKEN), or when a Package's limits are not 1 and 1.
 */
export async function addService(
  db: Executor,
  service: ServiceFields & { slug: string },
): Promise<{ ok: true; id: string } | Refusal> {
  const badPackage = refusePackageLimits(service);
  if (badPackage) return badPackage;
  const [created] = await db
    .insert(services)
    .values(service)
    .onConflictDoNothing({ target: services.slug })
    .returning({ id: services.id });
  if (!created) return refuse("conflict", SERVICE_TEXT.nameTaken, { field: "name", code: SLUG_TAKEN });
  return { ok: true, id: created.id };
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
