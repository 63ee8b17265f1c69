import { asc, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { exchangeRates } from "../../db/schema.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import type { Notice } from "../notice.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { PROVIDER_TEXT } from "./messages.ts";

export type ExchangeRateRow = { currency: string; usdPerUnit: string; source: string; updatedAt: Date };

/** The rate source an operator's own rates carry: the configured source never overwrites them. */
export const OPERATOR_SOURCE = "operator";
/** The rate source of rates read from EXCHANGE_RATES_URL (the address itself is never stored: it may hold a key). */
export const FEED_SOURCE = "feed";

/** Every exchange rate the shop has, by currency. */
export async function listExchangeRates(db: Executor): Promise<ExchangeRateRow[]> {
  return db.select().from(exchangeRates).orderBy(asc(exchangeRates.currency));
}

/** The exchange rate form, already parsed: a currency code and dollars per unit (docs/decisions/040). */
export type ExchangeRateInput = { currency: string; usdPerUnit: string };

/** Sets what one unit of a currency is worth in dollars, as the operator's own rate; audited. */
export async function setExchangeRate(
  db: Database,
  input: { adminId: string; rate: ExchangeRateInput },
): Promise<{ ok: true; notice: Notice } | Refusal> {
  const { currency, usdPerUnit } = input.rate;
  if (currency === "USD") return refuse("invalid", PROVIDER_TEXT.rateOfDollar);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ usdPerUnit: exchangeRates.usdPerUnit })
      .from(exchangeRates)
      .where(eq(exchangeRates.currency, currency));
    await tx
      .insert(exchangeRates)
      .values({ currency, usdPerUnit, source: OPERATOR_SOURCE })
      .onConflictDoUpdate({
        target: exchangeRates.currency,
        set: { usdPerUnit, source: OPERATOR_SOURCE, updatedAt: sql`now()` },
      });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "exchange_rate.set",
      subjectType: "exchange_rate",
      subjectId: currency,
      details: { from: before?.usdPerUnit ?? null, to: usdPerUnit },
    });
    return { ok: true as const, notice: PROVIDER_TEXT.rateSaved(currency, usdPerUnit) };
  });
}

/** Removes a currency's rate (the configured source, if any, sets it again on its next refresh); audited. */
export async function removeExchangeRate(
  db: Database,
  input: { adminId: string; currency: string },
): Promise<{ ok: true; notice: Notice } | Refusal> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(exchangeRates)
      .where(eq(exchangeRates.currency, input.currency))
      .returning({ usdPerUnit: exchangeRates.usdPerUnit });
    if (!removed) return refuse("not_found", PROVIDER_TEXT.rateUnknown);
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "exchange_rate.removed",
      subjectType: "exchange_rate",
      subjectId: input.currency,
      details: { from: removed.usdPerUnit },
    });
    return { ok: true as const, notice: { title: PROVIDER_TEXT.rateRemoved, message: input.currency } };
  });
}
