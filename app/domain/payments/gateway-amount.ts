import { type Cents, cents } from "../pricing/cents.ts";
import { decimalUnits } from "../pricing/markup-price.ts";

/**
 * A gateway's amount in dollars as a decimal string ("25.00", "25.5", "25") read as Cents, strictly: null for
 * anything else (a sign, an exponent, a third decimal, more than $9,999,999.99). Gateways' decimal strings never
 * pass through a float.
 */
export function gatewayAmountCents(text: unknown): Cents | null {
  if (typeof text !== "string") return null;
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return cents(Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")));
}

/** Decimal places kept of a crypto amount and of its exchange rate: beyond a satoshi's and any price's. */
const CRYPTO_SCALE = 12;
const RATE_SCALE = 12;

/**
 * What an amount of a crypto currency was worth in the invoice's currency at the invoice's rate, in cents rounded
 * down (the shop never counts more than arrived); null when either decimal string is not one.
 */
export function cryptoValueCents(amount: unknown, rate: unknown): Cents | null {
  if (typeof amount !== "string" || typeof rate !== "string") return null;
  const units = decimalUnits(amount, CRYPTO_SCALE);
  const perUnit = decimalUnits(rate, RATE_SCALE);
  if (units === null || perUnit === null) return null;
  const value = (units * perUnit * 100n) / 10n ** BigInt(CRYPTO_SCALE + RATE_SCALE);
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? null : cents(Number(value));
}
