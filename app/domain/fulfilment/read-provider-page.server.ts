import { asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { autoOrders, fulfilments, orders, providerServices, services } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import type { ProviderSummary } from "./list-providers.server.ts";
import { maskedKey } from "./messages.ts";
import { type ListedServices, listServicesOf } from "./provider-services.server.ts";
import { findProvider } from "./provider-transport.server.ts";

export type HeldSubmission = {
  id: string;
  subject: string;
  quantity: number;
  attempts: number;
  lastError: string | null;
  updatedAt: Date;
};

/** What the page shows of the provider itself: its settings and last known balance (no usage counts). */
export type ProviderSettings = Pick<
  ProviderSummary,
  "id" | "name" | "apiUrl" | "maskedKey" | "supportsIdempotency" | "balance" | "balanceCurrency"
>;

export type ProviderPage = {
  provider: ProviderSettings;
  mapped: {
    serviceId: string;
    serviceName: string;
    providerServiceId: string;
    providerServiceType: string;
  }[];
  held: HeldSubmission[];
  shopServices: { id: string; name: string }[];
  upstream: ListedServices;
};

/** Everything the provider page shows: the provider, its mapped services, held submissions, its live list. */
export async function readProviderPage(db: Database, providerId: string): Promise<ProviderPage | null> {
  // One read of the provider row: its settings for the page and its address for the live service list.
  const provider = isUuid(providerId) ? await findProvider(db, providerId) : undefined;
  if (!provider) return null;
  const [mapped, held, shopServices, upstream] = await Promise.all([
    db
      .select({
        serviceId: providerServices.serviceId,
        serviceName: services.name,
        providerServiceId: providerServices.providerServiceId,
        providerServiceType: providerServices.providerServiceType,
      })
      .from(providerServices)
      .innerJoin(services, eq(services.id, providerServices.serviceId))
      .where(eq(providerServices.providerId, providerId))
      .orderBy(asc(services.name)),
    db
      .select({
        id: fulfilments.id,
        subject: sql<string>`coalesce(${orders.orderNumber},
          'Auto order @' || ltrim(${autoOrders.targetUsername}, '@') || ', post ' || ${fulfilments.postNumber})`,
        quantity: fulfilments.quantity,
        attempts: fulfilments.attempts,
        lastError: fulfilments.lastError,
        updatedAt: fulfilments.updatedAt,
      })
      .from(fulfilments)
      .leftJoin(orders, eq(orders.id, fulfilments.orderId))
      .leftJoin(autoOrders, eq(autoOrders.id, fulfilments.autoOrderId))
      .where(sql`${fulfilments.providerId} = ${providerId} and ${fulfilments.state} = 'needs_attention'`)
      .orderBy(desc(fulfilments.updatedAt))
      .limit(200),
    db.select({ id: services.id, name: services.name }).from(services).orderBy(asc(services.name)),
    listServicesOf(db, provider),
  ]);
  const { id, name, apiUrl, supportsIdempotency, balance, balanceCurrency } = provider;
  return {
    provider: {
      id,
      name,
      apiUrl,
      maskedKey: maskedKey(provider.apiKeyHint),
      supportsIdempotency,
      balance,
      balanceCurrency,
    },
    mapped,
    held,
    shopServices,
    upstream,
  };
}
