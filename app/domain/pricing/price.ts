import { type Cents, cents } from "./cents.ts";

/**
 * Pricing, exactly as product rules 2.2 to 2.4. Rates are `price_per_1000` decimals with up to 4 places
 * ("4.0000"); all arithmetic is on integers (BigInt), never on floats.
 */

// A rate in ten-thousandths of a dollar (1e-4 $) per 1000 units; one cent is 100 such units.
function rateUnits(pricePer1000: string): bigint {
  const [, whole, fraction = ""] = /^(\d{1,8})(?:\.(\d{1,4}))?$/.exec(pricePer1000.trim()) ?? [];
  if (whole === undefined) throw new RangeError(`Not a price per 1000: ${pricePer1000}`);
  return BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, "0"));
}

// quantity x rate / 1000, in cents, rounded half-up: (q * r) / (1000 * 100), half-up on integers.
function roundedCents(pricePer1000: string, quantity: number): bigint {
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`Not a quantity: ${quantity}`);
  const numerator = BigInt(quantity) * rateUnits(pricePer1000);
  const divisor = 100_000n;
  return (numerator * 2n + divisor) / (divisor * 2n);
}

/** One-time charge: quantity x price_per_1000 / 1000, rounded half-up to the cent, at least 1 cent. */
export function chargeForQuantity(pricePer1000: string, quantity: number): Cents {
  const amount = roundedCents(pricePer1000, quantity);
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

/** What the customer finally paid for an order: its charge less what was refunded (product rules 4.2), at least 0. */
export function paidAfterRefunds(charged: Cents, refunded: Cents): Cents {
  return cents(Math.max(0, charged - refunded));
}
