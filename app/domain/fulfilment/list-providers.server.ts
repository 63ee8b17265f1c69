import { asc, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { providers } from "../../db/schema.ts";
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
  mappedServices: number;
  openSubmissions: number;
  needsAttention: number;
};

/** Every provider with its masked key, last known balance and how much it is used. */
export async function listProviders(db: Database): Promise<ProviderSummary[]> {
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
    ...counts,
  }));
}
