import { invalidPerPost, invalidQuantity, type Notice, ORDER_TEXT } from "./messages.ts";

/**
 * How a typed count (quantity, engagement per post, followers, posts) is read, the same way in the browser and
 * on the server (docs/decisions/011-typed-counts.md). Browser-safe: no server imports.
 */

/** Customer spec section 5: an auto order covers 1 to 100 posts. */
export const AUTO_POSTS_MIN = 1;
export const AUTO_POSTS_MAX = 100;

/** ASCII digits only, at most nine: the one shape of a count the shop accepts. */
const COUNT = /^\d{1,9}$/;

/**
 * What a count field accepts: its limits, the spec's message for anything else, and whether empty or
 * below-minimum text becomes the minimum when the customer leaves the field (customer spec section 5).
 */
export type CountRules = { min: number; max: number; notice: Notice; resetsToMin: boolean };

export type CountReading =
  /** A whole number within the limits: the number that will be ordered and priced. */
  | { kind: "valid"; value: number }
  /** Empty, or a whole number below the minimum, in a field that becomes `to` when the customer leaves it. */
  | { kind: "resets"; to: number }
  /** Nothing typed in a field that does not reset (posts): nothing to order yet, nothing to explain. */
  | { kind: "empty" }
  /** Anything else (fraction, sign, exponent, non-ASCII digits, above the maximum, too long): kept as typed. */
  | { kind: "invalid"; notice: Notice };

/** A service's quantity: 'Quantity must be between {min} and {max}.'; resets to the minimum. */
export function quantityRules(limits: { minQuantity: number; maxQuantity: number }): CountRules {
  const { minQuantity: min, maxQuantity: max } = limits;
  return { min, max, notice: invalidQuantity(min, max), resetsToMin: true };
}

/** An auto service's engagement per post: 'Engagement per post must be between…'; resets to the minimum. */
export function perPostRules(limits: { minQuantity: number; maxQuantity: number }): CountRules {
  const { minQuantity: min, maxQuantity: max } = limits;
  return { min, max, notice: invalidPerPost(min, max), resetsToMin: true };
}

/** An auto order's number of posts, 1 to 100: "0" is refused with the message, not raised to 1. */
export const POSTS_RULES: CountRules = {
  min: AUTO_POSTS_MIN,
  max: AUTO_POSTS_MAX,
  notice: ORDER_TEXT.postsOutOfRange,
  resetsToMin: false,
};

/** A count as a form sends it (surrounding spaces aside), else null. Never Number() of arbitrary text. */
export function parseCount(text: string): number | null {
  const trimmed = text.trim();
  return COUNT.test(trimmed) ? Number(trimmed) : null;
}

/** How the text typed in a count field reads under its rules. */
export function readCount(text: string, rules: CountRules): CountReading {
  if (text.trim() === "") return rules.resetsToMin ? { kind: "resets", to: rules.min } : { kind: "empty" };
  const value = parseCount(text);
  if (value === null) return { kind: "invalid", notice: rules.notice };
  if (value < rules.min && rules.resetsToMin) return { kind: "resets", to: rules.min };
  if (value < rules.min || value > rules.max) return { kind: "invalid", notice: rules.notice };
  return { kind: "valid", value };
}

/** The text a count field holds once the customer leaves it: the minimum for a reset, else as typed. */
export function countOnLeaving(text: string, rules: CountRules): string {
  const reading = readCount(text, rules);
  return reading.kind === "resets" ? String(reading.to) : text;
}

/** Leading zeros typed before a count are dropped as typed ("0200" -> "200"); any other text is left alone. */
export function stripLeadingZeros(text: string): string {
  return /^0+\d/.test(text) && /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, "") : text;
}

/**
 * A count a form sent, for placeOrder / placeAutoOrder: the number when it is a count, else NaN, which they
 * refuse exactly like a count outside the service's limits ('Quantity must be between {min} and {max}.'),
 * after the same checks of the service and the shop. "1e3", "-500", "150.5" and "١٥٠" never become numbers.
 */
export function sentCount(text: string | undefined): number {
  return parseCount(text ?? "") ?? Number.NaN;
}
