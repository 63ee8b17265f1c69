import { asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import {
  autoOrders,
  fulfilments,
  orders,
  platforms,
  providerServices,
  serviceCategories,
  serviceChanges,
  services,
} from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import { type RateMargin, rateMargin } from "../pricing/margin.ts";
import { usdPerUnit } from "./exchange-rates.server.ts";
import { dollarsOf, type ProviderSummary } from "./list-providers.server.ts";
import { maskedKey } from "./messages.ts";
import { findProvider } from "./provider-transport.server.ts";
import { type CatalogPage, type CatalogQuery, readProviderCatalog } from "./read-provider-catalog.server.ts";

/** How many of the provider's latest service changes its page shows. */
const LATEST_CHANGES = 20;

export type HeldSubmission = {
  id: string;
  subject: string;
  quantity: number;
  attempts: number;
  lastError: string | null;
  updatedAt: Date;
};

/** What the page shows of the provider itself: its settings, last known balance and last sync (no usage counts). */
export type ProviderSettings = Pick<
  ProviderSummary,
  "id" | "name" | "apiUrl" | "maskedKey" | "supportsIdempotency" | "balance" | "balanceCurrency"
> & {
  currency: string;
  /** Dollars per unit of its currency; null: the shop has no rate for it. */
  usdPerUnit: string | null;
  /** The balance in dollars, when it and the rate are known. */
  balanceUsd: string | null;
  markupPercent: string;
  markupMinPer1000: string;
  onRateRise: "follow" | "pause";
  syncedAt: Date | null;
  syncError: string | null;
  /** The balance below which the operator is alerted, in its currency; null: none (product rules 14.24). */
  balanceAlertBelow: string | null;
};

export type MappedService = {
  serviceId: string;
  serviceName: string;
  enabled: boolean;
  pricePer1000: string;
  providerServiceId: string;
  providerServiceType: string;
  upstreamRate: string | null;
  costPer1000: string | null;
  /** Price less cost, per 1000 (per package for a Package), and as a share of the price; null: cost unknown. */
  margin: RateMargin | null;
  markupPercent: string | null;
  markupMinPer1000: string | null;
};

export type ServiceChangeRow = {
  id: number;
  serviceId: string;
  serviceName: string;
  kind: string;
  details: unknown;
  createdAt: Date;
};

/** The mapped services are shown a page at a time: a provider may sell thousands of them. */
export const MAPPED_PAGE_SIZE = 50;

export type ProviderPage = {
  provider: ProviderSettings;
  /** One page of the services mapped to it, by name; how many there are in all. */
  mapped: MappedService[];
  mappedTotal: number;
  held: HeldSubmission[];
  shopServices: { id: string; name: string }[];
  changes: ServiceChangeRow[];
  catalog: CatalogPage;
  /** Where an import may put services: the platforms and their categories. */
  platforms: { slug: string; name: string }[];
  categories: { id: string; platform: string; name: string }[];
};

/** Everything the provider page shows: the provider, its mapped services, held submissions, its catalogue. */
export async function readProviderPage(
  db: Database,
  providerId: string,
  catalogQuery: CatalogQuery,
  mappedPage = 1,
): Promise<ProviderPage | null> {
  const provider = isUuid(providerId) ? await findProvider(db, providerId) : undefined;
  if (!provider) return null;
  const rate = await usdPerUnit(db, provider.currency);
  const [mapped, mappedTotal, held, shopServices, changes, catalog, platformRows, categories] =
    await Promise.all([
      db
        .select({
          serviceId: providerServices.serviceId,
          serviceName: services.name,
          enabled: services.enabled,
          pricePer1000: services.pricePer1000,
          providerServiceId: providerServices.providerServiceId,
          providerServiceType: providerServices.providerServiceType,
          upstreamRate: providerServices.upstreamRate,
          costPer1000: providerServices.costPer1000,
          markupPercent: providerServices.markupPercent,
          markupMinPer1000: providerServices.markupMinPer1000,
        })
        .from(providerServices)
        .innerJoin(services, eq(services.id, providerServices.serviceId))
        .where(eq(providerServices.providerId, providerId))
        .orderBy(asc(services.name), asc(services.id))
        .limit(MAPPED_PAGE_SIZE)
        .offset((mappedPage - 1) * MAPPED_PAGE_SIZE),
      db.$count(providerServices, eq(providerServices.providerId, providerId)),
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
      db
        .select({
          id: serviceChanges.id,
          serviceId: serviceChanges.serviceId,
          serviceName: services.name,
          kind: serviceChanges.kind,
          details: serviceChanges.details,
          createdAt: serviceChanges.createdAt,
        })
        .from(serviceChanges)
        .innerJoin(services, eq(services.id, serviceChanges.serviceId))
        .innerJoin(providerServices, eq(providerServices.serviceId, serviceChanges.serviceId))
        .where(eq(providerServices.providerId, providerId))
        .orderBy(desc(serviceChanges.createdAt), desc(serviceChanges.id))
        .limit(LATEST_CHANGES),
      readProviderCatalog(db, { id: provider.id, usdPerUnit: rate }, catalogQuery),
      db
        .select({ slug: platforms.slug, name: platforms.name })
        .from(platforms)
        .orderBy(asc(platforms.sortOrder), asc(platforms.name)),
      db
        .select({
          id: serviceCategories.id,
          platform: serviceCategories.platform,
          name: serviceCategories.name,
        })
        .from(serviceCategories)
        .orderBy(
          asc(serviceCategories.platform),
          asc(serviceCategories.sortOrder),
          asc(serviceCategories.name),
        ),
    ]);
  const { id, name, apiUrl, supportsIdempotency, balance, balanceCurrency } = provider;
  const balanceUsd = balanceCurrency === provider.currency ? dollarsOf(balance, rate) : null;
  return {
    provider: {
      id,
      name,
      apiUrl,
      maskedKey: maskedKey(provider.apiKeyHint),
      supportsIdempotency,
      balance,
      balanceCurrency,
      balanceAlertBelow:
        provider.balanceAlertBelow === null ? null : String(Number(provider.balanceAlertBelow)),
      currency: provider.currency,
      usdPerUnit: rate,
      balanceUsd,
      markupPercent: provider.markupPercent,
      markupMinPer1000: provider.markupMinPer1000,
      onRateRise: provider.onRateRise,
      syncedAt: provider.syncedAt,
      syncError: provider.syncError,
    },
    mapped: mapped.map((row) => ({
      ...row,
      margin: row.costPer1000 === null ? null : rateMargin(row.pricePer1000, row.costPer1000),
    })),
    mappedTotal,
    held,
    shopServices,
    changes,
    catalog,
    platforms: platformRows,
    categories,
  };
}
