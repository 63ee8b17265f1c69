import { inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";
import { LIKES_PACK_SERVICES } from "../catalog/likes-pack-services.ts";
import { serviceProviderCancelsSql } from "../fulfilment/cancel-upstream.server.ts";
import { type ServiceTerms, serviceTermsOf } from "./service-terms.ts";

/** The terms of these services by id (product rules 4.14): their refill window and their cancel. */
export async function readServiceTerms(
  db: Executor,
  serviceIds: string[],
): Promise<Map<string, ServiceTerms>> {
  if (serviceIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: services.id,
      refillDays: services.refillDays,
      providerCancels: serviceProviderCancelsSql(),
    })
    .from(services)
    .where(inArray(services.id, [...new Set(serviceIds)]));
  return new Map(rows.map((row) => [row.id, serviceTermsOf(row)]));
}

/** One service's terms, or null when there is no such service. */
export async function readOneServiceTerms(db: Executor, serviceId: string): Promise<ServiceTerms | null> {
  return (await readServiceTerms(db, [serviceId])).get(serviceId) ?? null;
}

/**
 * A likes pack's terms (product rules 4.18): a pack is an order of the Instagram Likes service that delivers it, so
 * it has that service's refill; its cancel is that service's too, unless the service of one of its add-ons (views,
 * comments) is sent to a provider that takes no cancels, since a cancel decides by every part (4.15). Null when the
 * likes service is missing.
 */
export async function readLikesPackTerms(db: Executor): Promise<ServiceTerms | null> {
  const rows = await db
    .select({
      slug: services.slug,
      refillDays: services.refillDays,
      providerCancels: serviceProviderCancelsSql(),
    })
    .from(services)
    .where(inArray(services.slug, Object.values(LIKES_PACK_SERVICES)));
  const likes = rows.find((row) => row.slug === LIKES_PACK_SERVICES.likes);
  if (!likes) return null;
  const terms = serviceTermsOf(likes);
  const addOnWithoutCancels = rows.some((row) => serviceTermsOf(row).cancel === "before_sent");
  return addOnWithoutCancels ? { ...terms, cancel: "before_sent" } : terms;
}
