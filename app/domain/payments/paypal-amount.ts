import { type Cents, cents } from "../pricing/cents.ts";

// Whole dollars without leading zeros, then one or two decimals at most: PayPal writes "25.00"; "25" and "25.5"
// are valid amounts too. No sign, exponent, spaces, separators or third decimal: a USD amount has cents only.
const PAYPAL_AMOUNT = /^(0|[1-9][0-9]{0,11})(?:\.([0-9]{1,2}))?$/;

/**
 * A PayPal money value ("25.00") as Cents, read from its digits without any float (docs/decisions/058); null for
 * anything that is not a plain USD amount. "25.00" is 2500, "0.1" is 10, "25.001", "-1", "1e3" or "" are null.
 */
export function paypalValueToCents(value: unknown): Cents | null {
  if (typeof value !== "string") return null;
  const match = PAYPAL_AMOUNT.exec(value);
  if (!match) return null;
  const [, dollars = "0", decimals = ""] = match;
  return cents(Number(dollars) * 100 + Number(decimals.padEnd(2, "0")));
}

/** Cents as PayPal's decimal string: 2500 is "25.00". */
export function centsToPaypalValue(amount: Cents): string {
  const whole = Math.trunc(amount / 100);
  return `${whole}.${String(amount % 100).padStart(2, "0")}`;
}
