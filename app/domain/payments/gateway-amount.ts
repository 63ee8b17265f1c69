import { type Cents, cents } from "../pricing/cents.ts";
import { decimalUnits } from "../pricing/markup-price.ts";

// Whole dollars without leading zeros, then one or two decimals at most: gateways write "25.00"; "25" and "25.5"
// are valid amounts too. No sign, exponent, spaces, separators or third decimal: a USD amount has cents only.
const GATEWAY_AMOUNT = /^(0|[1-9][0-9]{0,11})(?:\.([0-9]{1,2}))?$/;

/**
 * A gateway's money value in dollars ("25.00", PayPal's and BTCPay Server's way) as Cents, read from its digits
 * without any float; null for anything that is not a plain USD amount. "25.00" is 2500, "0.1" is 10; "25.001",
 * "-1", "1e3" or "" are null.
 */
export function gatewayAmountCents(value: unknown): Cents | null {
  if (typeof value !== "string") return null;
  const match = GATEWAY_AMOUNT.exec(value);
  if (!match) return null;
  const [, dollars = "0", decimals = ""] = match;
  return cents(Number(dollars) * 100 + Number(decimals.padEnd(2, "0")));
}

/** Cents as a gateway's decimal string: 2500 is "25.00". */
export function gatewayAmountText(amount: Cents): string {
  const whole = Math.trunc(amount / 100);
  return `${whole}.${String(amount % 100).padStart(2, "0")}`;
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
