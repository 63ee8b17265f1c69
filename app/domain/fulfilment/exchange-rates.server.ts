import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { exchangeRates, providers } from "../../db/schema.ts";

/**
 * What one unit of `currency` is worth in dollars (docs/decisions/037), as a decimal string: "1" for USD, the
 * operator's (or the configured source's) rate otherwise, null when the shop has none for it.
 */
export async function usdPerUnit(db: Executor, currency: string): Promise<string | null> {
  const code = currency.trim().toUpperCase();
  if (code === "USD") return "1";
  const [row] = await db
    .select({ usdPerUnit: exchangeRates.usdPerUnit })
    .from(exchangeRates)
    .where(eq(exchangeRates.currency, code));
  return row?.usdPerUnit ?? null;
}

/** usdPerUnit of a provider's currency (the currency its rates, balance and charges are stated in). */
export async function providerUsdPerUnit(db: Executor, providerId: string): Promise<string | null> {
  const [provider] = await db
    .select({ currency: providers.currency })
    .from(providers)
    .where(eq(providers.id, providerId));
  return provider ? usdPerUnit(db, provider.currency) : null;
}
