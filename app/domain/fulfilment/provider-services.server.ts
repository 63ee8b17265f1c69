import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { providerCatalog, providerServices, providers, services } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import type { Notice } from "../notice.ts";
import { costInDollars, upstreamRateText } from "../pricing/markup-price.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { catalogEntry } from "./catalog-entry.ts";
import { usdPerUnit } from "./exchange-rates.server.ts";
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
  // Its cost from the rate just read, when the provider's currency has a rate (else the next sync reads it).
  const [provider] = await db
    .select({ currency: providers.currency })
    .from(providers)
    .where(eq(providers.id, input.providerId));
  const rate = upstreamRateText(found.service.rate);
  const usd = provider ? await usdPerUnit(db, provider.currency) : null;
  const mapping = {
    providerId: input.providerId,
    providerServiceId: found.service.service,
    providerServiceType: found.service.type.slice(0, 50),
    ...upstreamLimits(found.service),
    upstreamRate: rate,
    costPer1000: rate === null || usd === null ? null : costInDollars(rate, usd),
  };
  return db.transaction(async (tx) => {
    await tx
      .insert(providerServices)
      .values({ serviceId: service.id, ...mapping })
      .onConflictDoUpdate({ target: providerServices.serviceId, set: { ...mapping, createdAt: sql`now()` } });
    // The service's catalogue row as just read, so its cancel and refill flags are known from the first order
    // (the shop's terms read them, docs/decisions/046), not only after the next sync.
    const entry = catalogEntry(input.providerId, found.service);
    if (entry)
      await tx
        .insert(providerCatalog)
        .values(entry)
        .onConflictDoUpdate({
          target: [providerCatalog.providerId, providerCatalog.upstreamId],
          set: { ...entry, seenAt: sql`now()`, missingSince: null },
        });
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
