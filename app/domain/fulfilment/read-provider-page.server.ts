import { asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { autoOrders, fulfilments, orders, providerServices, services } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import { listProviders, type ProviderSummary } from "./list-providers.server.ts";
import type { ProviderService } from "./provider-client.server.ts";
import { fetchProviderServices } from "./provider-services.server.ts";

export type HeldSubmission = {
  id: string;
  subject: string;
  quantity: number;
  attempts: number;
  lastError: string | null;
  updatedAt: Date;
};

export type ProviderPage = {
  provider: ProviderSummary;
  mapped: {
    serviceId: string;
    serviceName: string;
    providerServiceId: string;
    providerServiceType: string;
  }[];
  held: HeldSubmission[];
  shopServices: { id: string; name: string }[];
  upstream: { ok: true; services: ProviderService[] } | { ok: false; message: string };
};

/** Everything the provider page shows: the provider, its mapped services, held submissions, its live list. */
export async function readProviderPage(db: Database, providerId: string): Promise<ProviderPage | null> {
  if (!isUuid(providerId)) return null;
  const provider = (await listProviders(db)).find((row) => row.id === providerId);
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
    fetchProviderServices(db, providerId),
  ]);
  return { provider, mapped, held, shopServices, upstream };
}
