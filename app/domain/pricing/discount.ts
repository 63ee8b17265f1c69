import { type Cents, cents } from "./cents.ts";
import { autoOrderCost, costOfPosts } from "./price.ts";

/**
 * A customer's discount (product rules 15.27-15.29, docs/decisions/053), in tenths of a percent: 100 is 10%.
 * Integers only (BigInt), like price.ts: the discount applies to an order's one charge, never to a rate before it.
 */

/** No discount: the list price. */
export const NO_DISCOUNT = 0;

/**
 * The largest discount an admin may set: 90.0%. A discount of 100% would give orders away and is a goodwill
 * refund's job; above 90% almost every service's charge falls below its cost and is refused anyway (product rules
 * 13.12), so the field would only invite a typo (an extra 0) that empties the shop's margin.
 */
export const DISCOUNT_MAX_TENTHS = 900;

/** The discount as the customer and the admin read it: "10%", "12.5%". */
export function discountPercentText(discountTenths: number): string {
  const whole = Math.trunc(discountTenths / 10);
  const tenth = discountTenths % 10;
  return tenth === 0 ? `${whole}%` : `${whole}.${tenth}%`;
}

/**
 * A percent typed by an admin ("10", "12.5", "10%", " 7.0 ") as tenths; 0 for an empty field (no discount); null
 * when it is not a percent with at most one decimal within 0 to DISCOUNT_MAX_TENTHS.
 */
export function parseDiscountPercent(text: string): number | null {
  const typed = text.trim().replace(/\s*%$/, "");
  if (typed === "") return NO_DISCOUNT;
  const [, whole, tenth = "0"] = /^(\d{1,3})(?:\.(\d))?$/.exec(typed) ?? [];
  if (whole === undefined) return null;
  const tenths = Number(whole) * 10 + Number(tenth);
  return tenths <= DISCOUNT_MAX_TENTHS ? tenths : null;
}

function checkedDiscount(discountTenths: number): bigint {
  if (!Number.isSafeInteger(discountTenths) || discountTenths < 0 || discountTenths > DISCOUNT_MAX_TENTHS)
    throw new RangeError(`Not a discount: ${discountTenths}`);
  return BigInt(discountTenths);
}

/**
 * A charge after the discount (product rules 15.28): charge x (1000 - d) / 1000, rounded half-up to the cent, at
 * least 1 cent when the charge is not zero (as every charge is at least 1 cent, product rules 2.3).
 */
export function discountedCharge(charge: Cents, discountTenths: number): Cents {
  const d = checkedDiscount(discountTenths);
  if (d === 0n || charge === 0) return charge;
  const amount = (BigInt(charge) * (1000n - d) * 2n + 1000n) / 2000n;
  return cents(Number(amount < 1n ? 1n : amount));
}

/**
 * An order's parts after the discount (drip-feed or paced runs, a pack's lines): the discounted total of their
 * list charges, shared in proportion to them as floor(total x list charges up to part k / list total)
 * differences, so the parts add up to the discounted total exactly and refunding a part pays back its share.
 */
export function discountedShares(
  listCharges: readonly Cents[],
  discountTenths: number,
): { totalCents: Cents; shares: Cents[] } {
  const listTotal = listCharges.reduce((sum, charge) => sum + BigInt(charge), 0n);
  const totalCents = discountedCharge(cents(Number(listTotal)), discountTenths);
  if (listTotal === 0n) return { totalCents, shares: listCharges.map(() => cents(0)) };
  const total = BigInt(totalCents);
  let listSoFar = 0n;
  let shareSoFar = 0n;
  const shares = listCharges.map((charge) => {
    listSoFar += BigInt(charge);
    const upTo = (total * listSoFar) / listTotal;
    const share = upTo - shareSoFar;
    shareSoFar = upTo;
    return cents(Number(share));
  });
  return { totalCents, shares };
}

/**
 * A rate per 1000 after the discount, exact: "4.0000" at 10% is "3.6000000" (the rate's 4 decimals and the
 * discount's 3). What the API's `services` shows a discounted reseller (product rules 15.29); the charge itself is
 * always the discounted charge of the list price (discountedCharge), and a Package's rate is that charge.
 */
export function discountedRate(pricePer1000: string, discountTenths: number): string {
  const d = checkedDiscount(discountTenths);
  const [, whole, fraction = ""] = /^(\d{1,8})(?:\.(\d{1,4}))?$/.exec(pricePer1000.trim()) ?? [];
  if (whole === undefined) throw new RangeError(`Not a price per 1000: ${pricePer1000}`);
  if (d === 0n) return pricePer1000;
  const units = (BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, "0"))) * (1000n - d);
  const text = units.toString().padStart(8, "0");
  return `${BigInt(text.slice(0, -7))}.${text.slice(-7)}`;
}

/**
 * An auto order's cost per post less the discount, and its total = that cost x posts (product rules 2.4, 15.28):
 * the discount applies to each post, so refunding unsent posts pays back exactly what they were charged.
 */
export function discountedAutoOrderCost(
  pricePer1000: string,
  perPostQuantity: number,
  posts: number,
  discountTenths: number,
): { costPerPost: Cents; total: Cents } {
  const listed = autoOrderCost(pricePer1000, perPostQuantity, posts);
  const costPerPost = discountedCharge(listed.costPerPost, discountTenths);
  return { costPerPost, total: costOfPosts(costPerPost, posts) };
}
