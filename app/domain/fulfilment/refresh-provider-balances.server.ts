import type { Database } from "../../db/client.server.ts";
import { loadProviders } from "./provider-transport.server.ts";
import { refreshProviderBalance } from "./refresh-provider-balance.server.ts";

/**
 * Reads every provider's balance, one after another, as "Refresh balance" does for one (the alerts' schedule,
 * product rules 14.24). A provider that cannot be reached keeps its last balance; its reason is returned.
 */
export async function refreshProviderBalances(db: Database): Promise<{ name: string; error?: string }[]> {
  const reports: { name: string; error?: string }[] = [];
  for (const provider of (await loadProviders(db)).values()) {
    const answer = await refreshProviderBalance(db, { providerId: provider.id });
    reports.push(answer.ok ? { name: provider.name } : { name: provider.name, error: answer.message });
  }
  return reports;
}
