import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { exchangeRates, providers } from "../../db/schema.ts";

/** The shop's own currency: what every price, balance and cost is kept in. */
export const SHOP_CURRENCY = "USD";

/**
 * What one unit of `currency` is worth in dollars, as the operator set it (`exchange_rates`, docs/decisions/037),
 * as its exact decimal text; "1" for dollars; null when no rate is set, so nothing is converted by guess.
 */
export async function usdPerUnit(db: Executor, currency: string): Promise<string | null> {
  const code = currency.trim().toUpperCase();
  if (code === SHOP_CURRENCY) return "1";
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
