/**
 * What a mapped service costs the shop and what it sells for by its markup (docs/decisions/037, product rules
 * 13.20 to 13.22): integer arithmetic on decimal strings, never floats, and every rounding **up**, so neither a
 * cost nor a price is ever understated.
 */

/** A decimal string (digits, optional fraction) as an integer count of 10^-scale units, or null if it is not one. */
export function decimalUnits(text: string, scale: number): bigint | null {
  const match = /^(\d{1,18})(?:\.(\d{1,40}))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? "";
  const kept = fraction.slice(0, scale).padEnd(scale, "0");
  const dropped = fraction.slice(scale);
  const units = BigInt(match[1] ?? "0") * 10n ** BigInt(scale) + BigInt(kept || "0");
  // Digits beyond the scale round the amount up: a rate of 0.12345 at four places is 0.1235.
  return /[1-9]/.test(dropped) ? units + 1n : units;
}

/** An integer count of 10^-scale units as a decimal string with exactly `scale` places ("4.0000"). */
export function unitsText(units: bigint, scale: number): string {
  const base = 10n ** BigInt(scale);
  const whole = units / base;
  return scale === 0 ? String(whole) : `${whole}.${String(units % base).padStart(scale, "0")}`;
}

const RATE_SCALE = 6; // provider rates, numeric(18, 6)
const USD_SCALE = 8; // exchange rates, numeric(18, 8)
const PRICE_SCALE = 4; // costs and prices, numeric(12, 4)
const PERCENT_SCALE = 2; // markup percents, numeric(7, 2)

/** The largest price or cost the catalogue's numeric(12, 4) columns hold. */
const MAX_PRICE_UNITS = 10n ** 12n - 1n;

function ceilDiv(numerator: bigint, divisor: bigint): bigint {
  return (numerator + divisor - 1n) / divisor;
}

/** A provider's rate as the catalogue keeps it: at most six decimals, rounded up; null if it is not a rate. */
export function upstreamRateText(rate: string): string | null {
  const units = decimalUnits(rate, RATE_SCALE);
  return units === null || units >= 10n ** 18n ? null : unitsText(units, RATE_SCALE);
}

/**
 * What a provider's rate costs the shop in dollars (per 1000, or per package): rate x dollars per unit, rounded
 * up to the fourth decimal. Null when either is not a decimal, or the cost is past the catalogue's columns.
 */
export function costInDollars(upstreamRate: string, usdPerUnit: string): string | null {
  const rate = decimalUnits(upstreamRate, RATE_SCALE);
  const usd = decimalUnits(usdPerUnit, USD_SCALE);
  if (rate === null || usd === null) return null;
  const cost = ceilDiv(rate * usd, 10n ** BigInt(RATE_SCALE + USD_SCALE - PRICE_SCALE));
  return cost > MAX_PRICE_UNITS ? null : unitsText(cost, PRICE_SCALE);
}

/** A markup: a percent over cost, and a minimum margin in dollars per 1000 (per package for a Package). */
export type Markup = { percent: string; minPer1000: string };

/**
 * A price from a cost by a markup, decision 037's formula exactly: max(cost x (1 + percent / 100), cost +
 * minimum), rounded up to the fourth decimal. Null when an input is not a decimal or the price is past the
 * catalogue's numeric(12, 4).
 */
export function priceFromCost(cost: string, markup: Markup): string | null {
  const costUnits = decimalUnits(cost, PRICE_SCALE);
  const percent = decimalUnits(markup.percent, PERCENT_SCALE);
  const minimum = decimalUnits(markup.minPer1000, PRICE_SCALE);
  if (costUnits === null || percent === null || minimum === null) return null;
  // cost x (100 + percent) / 100, the percent in hundredths: cost x (10000 + percent units) / 10000.
  const byPercent = ceilDiv(costUnits * (10_000n + percent), 10_000n);
  const byMinimum = costUnits + minimum;
  const price = byPercent > byMinimum ? byPercent : byMinimum;
  return price > MAX_PRICE_UNITS ? null : unitsText(price, PRICE_SCALE);
}

/** Compares two prices or costs (decimal strings): negative, zero or positive as `a` is below, at or above `b`. */
export function compareAmounts(a: string, b: string): number {
  const left = decimalUnits(a, RATE_SCALE) ?? 0n;
  const right = decimalUnits(b, RATE_SCALE) ?? 0n;
  return left < right ? -1 : left > right ? 1 : 0;
}
