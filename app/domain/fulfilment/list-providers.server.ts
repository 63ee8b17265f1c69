import { asc, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { exchangeRates, providers } from "../../db/schema.ts";
import { costInDollars } from "../pricing/markup-price.ts";
import { maskedKey } from "./messages.ts";

export type ProviderSummary = {
  id: string;
  name: string;
  apiUrl: string;
  maskedKey: string;
  isSimulated: boolean;
  supportsIdempotency: boolean;
  balance: string | null;
  balanceCurrency: string | null;
  balanceCheckedAt: Date | null;
  /** The currency of its rates and balance, and the balance in dollars when the shop has a rate for it. */
  currency: string;
  balanceUsd: string | null;
  syncError: string | null;
  mappedServices: number;
  openSubmissions: number;
  needsAttention: number;
};

/** Every provider with its masked key, last known balance (in its currency and dollars) and how much it is used. */
export async function listProviders(db: Database): Promise<ProviderSummary[]> {
  const rates = new Map(
    (await db.select().from(exchangeRates)).map((rate) => [rate.currency, rate.usdPerUnit] as const),
  );
  rates.set("USD", "1");
  const rows = await db
    .select({
      provider: providers,
      mappedServices: sql<number>`(select count(*)::int from provider_services ps where ps.provider_id = providers.id)`,
      openSubmissions: sql<number>`(select count(*)::int from fulfilments f where f.provider_id = providers.id
        and f.state in ('queued', 'submitting', 'submitted'))`,
      needsAttention: sql<number>`(select count(*)::int from fulfilments f where f.provider_id = providers.id
        and f.state = 'needs_attention')`,
    })
    .from(providers)
    .orderBy(asc(providers.name));
  return rows.map(({ provider, ...counts }) => ({
    id: provider.id,
    name: provider.name,
    apiUrl: provider.apiUrl,
    maskedKey: maskedKey(provider.apiKeyHint),
    isSimulated: provider.isSimulated,
    supportsIdempotency: provider.supportsIdempotency,
    balance: provider.balance,
    balanceCurrency: provider.balanceCurrency,
    balanceCheckedAt: provider.balanceCheckedAt,
    currency: provider.currency,
    balanceUsd: dollarsOf(provider.balance, rates.get(provider.balanceCurrency ?? provider.currency)),
    syncError: provider.syncError,
    ...counts,
  }));
}

/** A balance in dollars: its amount (the sign kept) at the currency's rate, or null when either is unknown. */
export function dollarsOf(balance: string | null, usdPerUnit: string | undefined | null): string | null {
  if (balance === null || !usdPerUnit) return null;
  const negative = balance.trim().startsWith("-");
  const amount = costInDollars(balance.trim().replace(/^-/, ""), usdPerUnit);
  return amount === null ? null : `${negative ? "-" : ""}${amount}`;
}
