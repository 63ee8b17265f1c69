import { asc } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { providers } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import type { Notice } from "../notice.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { PROVIDER_TEXT } from "./messages.ts";
import { findProvider } from "./provider-transport.server.ts";
import { type RatesRefresh, refreshExchangeRates } from "./refresh-exchange-rates.server.ts";
import { type SyncReport, syncProvider } from "./sync-provider.server.ts";

/**
 * A sync round of every provider, one after another (the schedule and `npm run providers:sync`): the exchange
 * rates from the configured source first, when there is one, so the costs use them.
 */
export async function syncAllProviders(
  db: Database,
  options: { exchangeRatesUrl?: string } = {},
): Promise<{ rates: RatesRefresh | null; reports: SyncReport[] }> {
  const rates = options.exchangeRatesUrl ? await refreshExchangeRates(db, options.exchangeRatesUrl) : null;
  const reports: SyncReport[] = [];
  for (const provider of await db.select().from(providers).orderBy(asc(providers.name)))
    reports.push(await syncProvider(db, provider));
  return { rates, reports };
}

/** The provider page's "Sync now": one round of that provider, answered with what it did or why it could not. */
export async function syncProviderNow(
  db: Database,
  input: { providerId: string },
): Promise<{ ok: true; notice: Notice } | Refusal> {
  const provider = isUuid(input.providerId) ? await findProvider(db, input.providerId) : undefined;
  if (!provider) return refuse("not_found", PROVIDER_TEXT.notFound);
  const report = await syncProvider(db, provider);
  if (!report.synced)
    return refuse("unavailable", { title: PROVIDER_TEXT.syncRefused, message: report.error ?? "" });
  return { ok: true, notice: PROVIDER_TEXT.synced(report.listed, report.changes.length, report.error) };
}
