import type { Cents } from "../pricing/cents.ts";

/**
 * A deposit limit the way the spec writes it: whole dollars without cents ("$10", "$10,000"), else "$12.50". A
 * module of its own: the visitor pages' copy states the minimum deposit without loading the wallet's texts.
 */
export function formatDepositLimit(amount: Cents): string {
  const dollars = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: amount % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return dollars.format(amount / 100);
}

export function minimumDepositText(minCents: Cents): string {
  return `Minimum deposit is ${formatDepositLimit(minCents)}`;
}

export function maximumDepositText(maxCents: Cents): string {
  return `Maximum deposit is ${formatDepositLimit(maxCents)}`;
}
