import { type Cents, cents } from "./cents.ts";

/**
 * Margins (product rules 13.30, 13.31): what the shop keeps of a price after its provider's cost. Rates are the
 * catalogue's decimals with up to four places (per 1000 units, or per package), worked out on integers.
 */

const RATE = /^(-?)(\d{1,12})(?:\.(\d{1,4}))?$/;

// A rate in ten-thousandths of a dollar.
function rateUnits(rate: string): bigint {
  const [, sign, whole, fraction = ""] = RATE.exec(rate.trim()) ?? [];
  if (whole === undefined) throw new RangeError(`Not a rate: ${rate}`);
  const units = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, "0"));
  return sign === "-" ? -units : units;
}

function unitsText(units: bigint): string {
  const absolute = units < 0n ? -units : units;
  return `${units < 0n ? "-" : ""}${absolute / 10_000n}.${String(absolute % 10_000n).padStart(4, "0")}`;
}

/** A share of a whole in percent with one decimal (12.3), or null when there is no whole to share. */
export function percentOf(part: number | bigint, whole: number | bigint): number | null {
  const of = BigInt(whole);
  if (of <= 0n) return null;
  // Tenths of a percent, rounded half away from zero.
  const tenths = (BigInt(part) * 2_000n) / of;
  return Number(tenths / 2n + (tenths % 2n)) / 10;
}

export type RateMargin = {
  /** Price less cost, in the rate's unit, four decimals ("1.3333"; negative when sold below cost). */
  margin: string;
  /** The margin as a percent of the price; null for a free service. */
  percent: number | null;
};

/** A service's margin: its price per 1000 (or per package) less its provider's cost in the same unit. */
export function rateMargin(price: string, cost: string): RateMargin {
  const margin = rateUnits(price) - rateUnits(cost);
  return { margin: unitsText(margin), percent: percentOf(margin, rateUnits(price)) };
}

/** What an order left the shop: its charge less what was refunded and what its provider kept. */
export function orderMargin(charged: Cents, refunded: Cents, cost: Cents): Cents {
  return cents(charged - refunded - cost);
}
