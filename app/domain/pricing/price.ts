import { type Cents, cents } from "./cents.ts";

/**
 * Pricing, exactly as product rules 2.2 to 2.4 and 13.10. Rates are `price_per_1000` decimals with up to 4 places
 * ("4.0000"); all arithmetic is on integers (BigInt), never on floats.
 */

/**
 * How a one-time service takes its order: a quantity (Default), one comment per line (Custom Comments,
 * docs/decisions/021) or one fixed-price package (Package, docs/decisions/037).
 */
export type ServiceOrderType = "default" | "custom_comments" | "package";

/**
 * A service's rate as the catalogue keeps it (`price_per_1000`) with what it is for: 1000 units, or one package
 * for a Package (product rules 13.10). A bare rate (a string) is per 1000 units.
 */
export type ServiceRate = { pricePer1000: string; orderType: ServiceOrderType };

/** Units one rate is for: 1000, or 1 for a Package. */
function unitsPerRate(rate: string | ServiceRate): bigint {
  return typeof rate !== "string" && rate.orderType === "package" ? 1n : 1000n;
}

function rateText(rate: string | ServiceRate): string {
  return typeof rate === "string" ? rate : rate.pricePer1000;
}

// A rate in ten-thousandths of a dollar (1e-4 $) per 1000 units; one cent is 100 such units.
function rateUnits(pricePer1000: string): bigint {
  const [, whole, fraction = ""] = /^(\d{1,8})(?:\.(\d{1,4}))?$/.exec(pricePer1000.trim()) ?? [];
  if (whole === undefined) throw new RangeError(`Not a price per 1000: ${pricePer1000}`);
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, "0"));
}

// quantity x rate / units, in cents, rounded half-up: (q * r) / (units * 100), half-up on integers (a rate unit
// is a hundredth of a cent).
function roundedCents(rate: string | ServiceRate, quantity: number): bigint {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`Not a quantity: ${quantity}`);
  const numerator = BigInt(quantity) * rateUnits(rateText(rate));
  const divisor = unitsPerRate(rate) * 100n;
  return (numerator * 2n + divisor) / (divisor * 2n);
}

/**
 * One-time charge: quantity x rate, the rate per 1000 units (a bare rate, or a service's that is not a Package) or
 * per package (a Package service's), rounded half-up to the cent, at least 1 cent. The one charge of every
 * one-time order: pass the service itself, so its order type decides the unit.
 */
export function chargeForQuantity(rate: string | ServiceRate, quantity: number): Cents {
  const amount = roundedCents(rate, quantity);
  return cents(Number(amount < 1n ? 1n : amount));
}

/** An auto order's cost per post (rounded half-up) and total = cost per post x posts, so refunds are exact. */
export function autoOrderCost(
  pricePer1000: string,
  perPostQuantity: number,
  posts: number,
): { costPerPost: Cents; total: Cents } {
  if (!Number.isSafeInteger(posts) || posts < 1) throw new RangeError(`Not a number of posts: ${posts}`);
  const costPerPost = roundedCents(pricePer1000, perPostQuantity);
  return { costPerPost: cents(Number(costPerPost)), total: cents(Number(costPerPost * BigInt(posts))) };
}

/** Cost per post x posts: an auto order's total, or the refund of its unsent posts (product rules 2.4). */
export function costOfPosts(costPerPost: Cents, posts: number): Cents {
  return cents(costPerPost * posts);
}

/** The refund of an order's undelivered share: charge x remains / quantity, rounded down, remains capped. */
export function partialRefund(charged: Cents, quantity: number, remains: number): Cents {
  const capped = Math.min(Math.max(remains, 0), quantity);
  return cents(Number((BigInt(charged) * BigInt(capped)) / BigInt(quantity)));
}

/**
 * A drip-feed order's charge (product rules 2.7, docs/decisions/021): the price of runs x quantity, one charge
 * like any order, split into one share per run that add up to it exactly (the earlier runs take the rounding
 * down, the later ones the remainder), so refunding the runs not delivered pays back exactly their shares.
 */
export function dripFeedCharge(
  pricePer1000: string,
  quantityPerRun: number,
  runs: number,
): { totalCents: Cents; runCharges: Cents[] } {
  if (!Number.isSafeInteger(runs) || runs < 1) throw new RangeError(`Not a number of runs: ${runs}`);
  const total = BigInt(chargeForQuantity(pricePer1000, quantityPerRun * runs));
  const shareUpTo = (run: number) => (total * BigInt(run)) / BigInt(runs);
  const runCharges = Array.from({ length: runs }, (_, index) =>
    cents(Number(shareUpTo(index + 1) - shareUpTo(index))),
  );
  return { totalCents: cents(Number(total)), runCharges };
}

/**
 * A paced order's charge split over its runs (product rules 4.20): the run shares of one charge in proportion to
 * each run's units, as floor(total x units up to run k / quantity) differences, so they add up to the total
 * exactly and a run's share is what refunding it pays back.
 */
export function pacedRunCharges(totalCents: Cents, runQuantities: readonly number[]): Cents[] {
  const quantity = runQuantities.reduce((sum, units) => sum + units, 0);
  if (quantity <= 0) throw new RangeError("A paced order has units");
  const total = BigInt(totalCents);
  let unitsSoFar = 0n;
  let shareSoFar = 0n;
  return runQuantities.map((units) => {
    unitsSoFar += BigInt(units);
    const upTo = (total * unitsSoFar) / BigInt(quantity);
    const share = upTo - shareSoFar;
    shareSoFar = upTo;
    return cents(Number(share));
  });
}

/** What the customer finally paid for an order: its charge less what was refunded (product rules 4.2), at least 0. */
export function paidAfterRefunds(charged: Cents, refunded: Cents): Cents {
  return cents(Math.max(0, charged - refunded));
}

/**
 * An amount a provider states in its currency (its `charge`, "0.27819"), in dollar cents at `usdPerUnit` dollars
 * per unit of that currency, rounded up: a cost is never understated (docs/decisions/037). Null when the amount
 * is not a plain decimal.
 */
export function dollarCentsOf(amount: string, usdPerUnit: string): Cents | null {
  const value = decimal(amount);
  const rate = decimal(usdPerUnit);
  if (!value || !rate) return null;
  const scale = 10n ** BigInt(value.places + rate.places);
  const hundredths = value.digits * rate.digits * 100n;
  return cents(Number((hundredths + scale - 1n) / scale));
}

/** A non-negative decimal text as its digits and places ("7.950" -> 7950n, 3); null when it is not one. */
function decimal(text: string): { digits: bigint; places: number } | null {
  const [, whole, fraction = ""] = /^(\d{1,15})(?:\.(\d{1,15}))?$/.exec(text.trim()) ?? [];
  if (whole === undefined) return null;
  return { digits: BigInt(whole + fraction), places: fraction.length };
}
