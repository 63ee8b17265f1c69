import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.server.ts";
import { exchangeRates } from "../../db/schema.ts";
import { decimalUnits, unitsText } from "../pricing/markup-price.ts";
import { FEED_SOURCE, OPERATOR_SOURCE } from "./manage-exchange-rates.server.ts";

const REQUEST_TIMEOUT_MS = 15_000;

const feed = z.record(z.string(), z.unknown());

/** What a refresh from the configured source did: the currencies it set, or why it could not. */
export type RatesRefresh = { read: true; updated: string[] } | { read: false; error: string };

/**
 * Reads the configured source (EXCHANGE_RATES_URL: a JSON object of dollars per unit, {"INR": 0.012, ...}) and
 * keeps each currency's rate, except those the operator set: an operator's rate wins (docs/decisions/040).
 * Entries that are not a three-letter code with a positive number are left out; an unreadable answer changes
 * nothing.
 */
export async function refreshExchangeRates(db: Database, url: string): Promise<RatesRefresh> {
  let body: unknown;
  try {
    const response = await fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok)
      return { read: false, error: `The exchange rate source answered HTTP ${response.status}` };
    body = await response.json();
  } catch (error) {
    return { read: false, error: `The exchange rate source could not be read (${(error as Error).message})` };
  }
  const parsed = feed.safeParse(body);
  if (!parsed.success) return { read: false, error: "The exchange rate source did not answer a JSON object" };
  const rates = Object.entries(parsed.data).flatMap(([code, value]) => {
    const currency = code.trim().toUpperCase();
    const text = typeof value === "number" ? value.toFixed(8) : String(value);
    const units = decimalUnits(text, 8);
    if (!/^[A-Z]{3}$/.test(currency) || currency === "USD" || units === null || units <= 0n) return [];
    if (units >= 10n ** 18n) return [];
    return [{ currency, usdPerUnit: unitsText(units, 8), source: FEED_SOURCE }];
  });
  if (rates.length === 0) return { read: true, updated: [] };
  const updated = await db
    .insert(exchangeRates)
    .values(rates)
    .onConflictDoUpdate({
      target: exchangeRates.currency,
      set: { usdPerUnit: sql`excluded.usd_per_unit`, source: sql`excluded.source`, updatedAt: sql`now()` },
      setWhere: sql`${exchangeRates.source} <> ${OPERATOR_SOURCE} and ${exchangeRates.usdPerUnit} <> excluded.usd_per_unit`,
    })
    .returning({ currency: exchangeRates.currency });
  return { read: true, updated: updated.map((row) => row.currency) };
}
