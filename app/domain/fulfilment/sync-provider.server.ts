import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { providerCatalog, providerServices, providers, services } from "../../db/schema.ts";
import {
  lockServiceForSync,
  narrowServiceLimits,
  pauseService,
  recordServiceChange,
  repriceService,
} from "../catalog/apply-provider-change.server.ts";
import { type CatalogEntry, catalogEntry } from "./catalog-entry.ts";
import { usdPerUnit } from "./exchange-rates.server.ts";
import { PROVIDER_TEXT } from "./messages.ts";
import { type PlannedChange, planServiceSync, type UpstreamEntry } from "./plan-service-sync.ts";
import {
  type ProviderService,
  readProviderBalance,
  readProviderServiceList,
} from "./provider-client.server.ts";
import { type ProviderRow, transportFor } from "./provider-transport.server.ts";

/** Catalogue rows written per statement: a 5,000-service list is ten statements. */
const CATALOG_BATCH = 500;

/** One change a round made to a mapped service, as `npm run providers:sync` prints it. */
export type SyncedChange = { serviceId: string; serviceName: string; change: PlannedChange };

/** What one provider's round did, or why it changed nothing. */
export type SyncReport = {
  providerId: string;
  name: string;
  /** False: the provider's answer could not be used, and nothing was changed (`error` says why). */
  synced: boolean;
  /** Why the round failed, or what it could not do (no exchange rate for the provider's currency). */
  error: string | null;
  currency: string;
  balance: string | null;
  listed: number;
  unreadable: number;
  newlyMissing: number;
  changes: SyncedChange[];
};

/**
 * One sync round of a provider (docs/decisions/037, 040): its balance and currency, its whole service list into
 * provider_catalog, then each mapped service's cost, price, availability and limits, one transaction per service.
 * A provider that answers an error, or a list of which nothing can be read, changes nothing but its sync_error.
 */
export async function syncProvider(db: Database, provider: ProviderRow): Promise<SyncReport> {
  const report: SyncReport = {
    providerId: provider.id,
    name: provider.name,
    synced: false,
    error: null,
    currency: provider.currency,
    balance: provider.balance,
    listed: 0,
    unreadable: 0,
    newlyMissing: 0,
    changes: [],
  };
  const transport = transportFor(db, provider);
  let balance: { balance: string; currency: string };
  let listing: { services: ProviderService[]; unreadable: string[] };
  try {
    balance = await readProviderBalance(transport);
    listing = await readProviderServiceList(transport);
  } catch (error) {
    return failed(db, report, PROVIDER_TEXT.syncFailed((error as Error).message));
  }
  const currency = balance.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    return failed(db, report, PROVIDER_TEXT.syncBadCurrency(balance.currency));
  const entries = listing.services.flatMap((entry) => catalogEntry(provider.id, entry) ?? []);
  const unreadable = [
    ...listing.unreadable,
    ...listing.services.filter((entry) => !catalogEntry(provider.id, entry)).map((entry) => entry.service),
  ];
  if (entries.length === 0) return failed(db, report, PROVIDER_TEXT.syncNothingListed);

  await db
    .update(providers)
    .set({
      balance: balance.balance.slice(0, 30),
      balanceCurrency: currency,
      currency,
      balanceCheckedAt: sql`now()`,
    })
    .where(eq(providers.id, provider.id));
  Object.assign(report, { currency, balance: balance.balance.slice(0, 30), listed: entries.length });
  report.unreadable = unreadable.length;

  const wasMissing = await missingIds(db, provider.id);
  report.newlyMissing = await storeCatalog(db, provider.id, entries, unreadable);

  const rate = await usdPerUnit(db, currency);
  const terms = {
    usdPerUnit: rate,
    onRateRise: provider.onRateRise,
    markup: { percent: provider.markupPercent, minPer1000: provider.markupMinPer1000 },
  };
  const skipped = new Set(unreadable);
  for (const mapped of await mappedServicesOf(db, provider.id)) {
    if (skipped.has(mapped.providerServiceId)) continue;
    const upstream: UpstreamEntry =
      mapped.rate === null || mapped.missingSince !== null
        ? { listed: false }
        : {
            listed: true,
            rate: mapped.rate,
            min: mapped.min ?? 1,
            max: mapped.max ?? 1,
            listedAgain: wasMissing.has(mapped.providerServiceId),
          };
    const changes = await syncMappedService(db, provider.id, mapped.serviceId, upstream, {
      ...terms,
      markup: {
        percent: mapped.markupPercent ?? terms.markup.percent,
        minPer1000: mapped.markupMinPer1000 ?? terms.markup.minPer1000,
      },
    });
    for (const change of changes)
      report.changes.push({ serviceId: mapped.serviceId, serviceName: mapped.serviceName, change });
  }
  report.synced = true;
  report.error = rate === null ? PROVIDER_TEXT.syncNoRate(currency) : null;
  await db
    .update(providers)
    .set({ syncedAt: sql`now()`, syncError: report.error })
    .where(eq(providers.id, provider.id));
  return report;
}

async function failed(db: Database, report: SyncReport, error: string): Promise<SyncReport> {
  await db
    .update(providers)
    .set({ syncError: error.slice(0, 500) })
    .where(eq(providers.id, report.providerId));
  return { ...report, error };
}

async function missingIds(db: Database, providerId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: providerCatalog.upstreamId })
    .from(providerCatalog)
    .where(and(eq(providerCatalog.providerId, providerId), isNotNull(providerCatalog.missingSince)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Upserts the listed services in batches (seen now, no longer missing), then marks those not seen this round as
 * missing since now, except the entries that could not be read. Returns how many went missing this round.
 */
async function storeCatalog(
  db: Database,
  providerId: string,
  entries: CatalogEntry[],
  unreadable: string[],
): Promise<number> {
  // The database's clock, as every row's seen_at: what this round did not see was seen before it started.
  const { rows } = await db.execute<{ ms: string }>(
    sql`select floor(extract(epoch from now()) * 1000)::text as ms`,
  );
  const roundStart = new Date(Number(rows[0]?.ms ?? Date.now()));
  for (let start = 0; start < entries.length; start += CATALOG_BATCH) {
    const batch = entries
      .slice(start, start + CATALOG_BATCH)
      .map((entry) => ({ ...entry, seenAt: roundStart }));
    await db
      .insert(providerCatalog)
      .values(batch)
      .onConflictDoUpdate({
        target: [providerCatalog.providerId, providerCatalog.upstreamId],
        set: {
          name: sql`excluded.name`,
          category: sql`excluded.category`,
          type: sql`excluded.type`,
          rate: sql`excluded.rate`,
          minQuantity: sql`excluded.min_quantity`,
          maxQuantity: sql`excluded.max_quantity`,
          dripfeed: sql`excluded.dripfeed`,
          refill: sql`excluded.refill`,
          cancel: sql`excluded.cancel`,
          seenAt: sql`excluded.seen_at`,
          missingSince: sql`null`,
        },
      });
  }
  const missing = await db
    .update(providerCatalog)
    .set({ missingSince: roundStart })
    .where(
      sql`${providerCatalog.providerId} = ${providerId} and ${providerCatalog.missingSince} is null
        and ${providerCatalog.seenAt} < ${roundStart}
        and ${providerCatalog.upstreamId} <> all(${sql.param(unreadable)}::text[])`,
    )
    .returning({ id: providerCatalog.upstreamId });
  return missing.length;
}

/** The provider's mapped services with this round's catalogue entry of each (absent: never listed). */
async function mappedServicesOf(db: Database, providerId: string) {
  return db
    .select({
      serviceId: providerServices.serviceId,
      serviceName: services.name,
      providerServiceId: providerServices.providerServiceId,
      markupPercent: providerServices.markupPercent,
      markupMinPer1000: providerServices.markupMinPer1000,
      rate: providerCatalog.rate,
      min: providerCatalog.minQuantity,
      max: providerCatalog.maxQuantity,
      missingSince: providerCatalog.missingSince,
    })
    .from(providerServices)
    .innerJoin(services, eq(services.id, providerServices.serviceId))
    .leftJoin(
      providerCatalog,
      and(
        eq(providerCatalog.providerId, providerServices.providerId),
        eq(providerCatalog.upstreamId, providerServices.providerServiceId),
      ),
    )
    .where(eq(providerServices.providerId, providerId));
}

/**
 * One mapped service's changes in one transaction: the service and its mapping locked and read again, the plan
 * made from them, then the mapping's new cost and the service's price (or pause, or limits) written together, so
 * an order sees the old cost and price or the new ones (docs/decisions/037).
 */
async function syncMappedService(
  db: Database,
  providerId: string,
  serviceId: string,
  upstream: UpstreamEntry,
  terms: Parameters<typeof planServiceSync>[3],
): Promise<PlannedChange[]> {
  return db.transaction(async (tx) => {
    const service = await lockServiceForSync(tx, serviceId);
    const [mapping] = await tx
      .select()
      .from(providerServices)
      .where(and(eq(providerServices.serviceId, serviceId), eq(providerServices.providerId, providerId)))
      .for("update");
    if (!service || !mapping) return [];
    const plan = planServiceSync(service, mapping, upstream, terms);
    await tx
      .update(providerServices)
      .set({ ...(plan.mapping ?? {}), syncedAt: sql`now()` })
      .where(eq(providerServices.serviceId, serviceId));
    for (const change of plan.changes) await applyChange(tx, service, change);
    return plan.changes;
  });
}

async function applyChange(
  tx: Executor,
  service: NonNullable<Awaited<ReturnType<typeof lockServiceForSync>>>,
  change: PlannedChange,
): Promise<void> {
  switch (change.kind) {
    case "cost_changed":
      return recordServiceChange(tx, service.id, change.kind, { from: change.from, to: change.to });
    case "repriced":
      return repriceService(tx, service, change.to, { cost: change.cost });
    case "paused_rate_rise":
      return pauseService(tx, service, change.kind, {
        from: service.pricePer1000,
        to: null,
        cost: change.cost,
        markup_price: change.markupPrice,
      });
    case "paused_vanished":
      return pauseService(tx, service, change.kind);
    case "paused_limits":
      return pauseService(tx, service, change.kind, { from: change.limits, to: change.upstream });
    case "limits_narrowed":
      return narrowServiceLimits(tx, service, {
        minQuantity: change.minQuantity,
        maxQuantity: change.maxQuantity,
      });
    case "listed_again":
      return recordServiceChange(tx, service.id, change.kind, {});
  }
}
