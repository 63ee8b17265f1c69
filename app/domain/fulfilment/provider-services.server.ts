import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { providerServices, services } from "../../db/schema.ts";
import { addService } from "../catalog/edit-service.server.ts";
import { serviceSlug } from "../catalog/service-slug.ts";
import { isUuid } from "../ids.ts";
import type { Notice } from "../notice.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { auditProviderChange } from "./manage-providers.server.ts";
import { PROVIDER_TEXT } from "./messages.ts";
import { listProviderServices, type ProviderService } from "./provider-client.server.ts";
import { findProvider, type ProviderRow, transportFor } from "./provider-transport.server.ts";

export type ServiceAnswer = { ok: true; notice: Notice; serviceId?: string } | Refusal;

/** A provider's services as it lists them, or why they could not be read (the page says so in place). */
export type ListedServices =
  | { listed: true; services: ProviderService[] }
  | { listed: false; message: string };

/** A provider's services as it lists them now, or why they could not be read. */
export async function fetchProviderServices(db: Database, providerId: string): Promise<ListedServices> {
  const provider = isUuid(providerId) ? await findProvider(db, providerId) : undefined;
  if (!provider) return { listed: false, message: PROVIDER_TEXT.notFound.message };
  return listServicesOf(db, provider);
}

/** The services of a provider already read, as it lists them now, or why they could not be read. */
export async function listServicesOf(db: Database, provider: ProviderRow): Promise<ListedServices> {
  try {
    return { listed: true, services: await listProviderServices(transportFor(db, provider)) };
  } catch (error) {
    return { listed: false, message: (error as Error).message };
  }
}

// The service is re-read from the provider: what a form says about its name, rate or limits is not trusted.
async function providerServiceById(
  db: Database,
  providerId: string,
  providerServiceId: string,
): Promise<{ ok: true; service: ProviderService } | Refusal> {
  const listed = await fetchProviderServices(db, providerId);
  if (!listed.listed) return refuse("unavailable", PROVIDER_TEXT.unreachable(listed.message));
  const found = listed.services.find((service) => service.service === providerServiceId);
  return found ? { ok: true, service: found } : refuse("not_found", PROVIDER_TEXT.unknownProviderService);
}

// Imported services sell at the provider's rate plus half, to 4 decimals, exactly (integer arithmetic).
function markedUpRate(rate: string): string {
  const match = /^(\d{1,7})(?:\.(\d{1,4}))?/.exec(rate.trim());
  const units = match ? BigInt(match[1] ?? "0") * 10_000n + BigInt((match[2] ?? "").padEnd(4, "0")) : 0n;
  const price = (units * 3n) / 2n;
  return `${price / 10_000n}.${String(price % 10_000n).padStart(4, "0")}`;
}

/**
 * Creates a new shop service from a provider's service and maps it. It starts disabled, at the provider's
 * rate plus 50%, so an admin reviews name, platform and price under Services before customers see it.
 */
export async function importProviderService(
  db: Database,
  input: { adminId: string; providerId: string; providerServiceId: string },
): Promise<ServiceAnswer> {
  const found = await providerServiceById(db, input.providerId, input.providerServiceId);
  if (!found.ok) return found;
  const upstream = found.service;
  const isSubscription = upstream.type.toLowerCase() === "subscriptions";
  const min = Math.max(1, upstream.min);
  return db.transaction(async (tx) => {
    const created = await addService(tx, {
      slug: `${serviceSlug(upstream.name).slice(0, 60)}-${serviceSlug(upstream.service).slice(0, 20)}-${Date.now().toString(36)}`,
      name: upstream.name.slice(0, 200),
      description: upstream.category.slice(0, 500),
      platform: "other",
      serviceType: isSubscription ? "auto" : "one_time",
      targetKind: "post",
      pricePer1000: markedUpRate(upstream.rate),
      minQuantity: min,
      maxQuantity: Math.max(min, upstream.max),
      defaultPosts: isSubscription ? 10 : null,
      enabled: false,
    });
    // The slug ends in the import's time: only the same service imported in the same millisecond has it.
    if (!created.ok) throw new Error(`The imported service ${upstream.service} was not stored`);
    const serviceId = created.id;
    await tx.insert(providerServices).values({
      serviceId,
      providerId: input.providerId,
      providerServiceId: upstream.service,
      providerServiceType: upstream.type.slice(0, 50),
      ...upstreamLimits(upstream),
    });
    await auditProviderChange(tx, input.adminId, "provider.service_imported", input.providerId, {
      service_id: serviceId,
      provider_service_id: upstream.service,
    });
    return {
      ok: true as const,
      serviceId,
      notice: { title: PROVIDER_TEXT.serviceImported, message: PROVIDER_TEXT.serviceImportedNote },
    };
  });
}

/** The provider's own limits, kept with the mapping: orders outside them are left to the manual queue. */
function upstreamLimits(service: ProviderService): {
  minQuantity: number | null;
  maxQuantity: number | null;
} {
  const valid = (value: number) => (Number.isSafeInteger(value) && value > 0 ? value : null);
  return { minQuantity: valid(service.min), maxQuantity: valid(service.max) };
}

/** Maps one of the shop's services to a provider's service: its new orders are then sent there. */
export async function mapProviderService(
  db: Database,
  input: { adminId: string; providerId: string; providerServiceId: string; serviceId: string },
): Promise<ServiceAnswer> {
  if (!isUuid(input.serviceId)) return refuse("not_found", PROVIDER_TEXT.unknownService);
  const [service] = await db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.id, input.serviceId));
  if (!service) return refuse("not_found", PROVIDER_TEXT.unknownService);
  const found = await providerServiceById(db, input.providerId, input.providerServiceId);
  if (!found.ok) return found;
  const mapping = {
    providerId: input.providerId,
    providerServiceId: found.service.service,
    providerServiceType: found.service.type.slice(0, 50),
    ...upstreamLimits(found.service),
  };
  return db.transaction(async (tx) => {
    await tx
      .insert(providerServices)
      .values({ serviceId: service.id, ...mapping })
      .onConflictDoUpdate({ target: providerServices.serviceId, set: { ...mapping, createdAt: sql`now()` } });
    await auditProviderChange(tx, input.adminId, "provider.service_mapped", input.providerId, {
      service_id: service.id,
      provider_service_id: found.service.service,
    });
    return {
      ok: true as const,
      serviceId: service.id,
      notice: { title: PROVIDER_TEXT.serviceMapped, message: "" },
    };
  });
}

/** Takes a service back to manual fulfilment (orders already sent upstream are still followed). */
export async function unmapProviderService(
  db: Database,
  input: { adminId: string; providerId: string; serviceId: string },
): Promise<ServiceAnswer> {
  if (!isUuid(input.serviceId) || !isUuid(input.providerId))
    return refuse("not_found", PROVIDER_TEXT.unknownService);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(providerServices)
      .where(
        sql`${providerServices.serviceId} = ${input.serviceId} and ${providerServices.providerId} = ${input.providerId}`,
      )
      .returning({ id: providerServices.serviceId });
    if (removed.length === 0) return refuse("not_found", PROVIDER_TEXT.unknownService);
    await auditProviderChange(tx, input.adminId, "provider.service_unmapped", input.providerId, {
      service_id: input.serviceId,
    });
    return { ok: true as const, notice: { title: PROVIDER_TEXT.serviceUnmapped, message: "" } };
  });
}
