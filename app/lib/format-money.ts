const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const count = new Intl.NumberFormat("en-US");

/** Integer cents as dollars with two decimals: 123456 -> "$1,234.56". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/**
 * A price_per_1000 decimal string ("4.0000", "1.5") as dollars with two decimals: "$4.00".
 * Rounded half-up to the cent on the decimal text, so no float ever touches the price.
 */
export function formatRate(pricePer1000: string): string {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(pricePer1000.trim());
  if (!match) return pricePer1000;
  const whole = BigInt(match[1] ?? "0");
  const fraction = (match[2] ?? "").padEnd(3, "0");
  let cents = whole * 100n + BigInt(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1n;
  return formatCents(Number(cents));
}

/** Cents as the dollar amount a person types back into a form: "10" for whole dollars, "12.50" otherwise. */
export function dollarsAsTyped(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Hundredths of a percent as a person types the percentage back: 250 -> "2.5", 100 -> "1", 125 -> "1.25". */
export function percentAsTyped(basisPoints: number): string {
  return String(basisPoints / 100);
}

/** A whole number with thousands separators: 100000 -> "100,000". */
export function formatCount(value: number): string {
  return count.format(value);
}

/**
 * A rate with up to four decimals ("2.6667", "-0.5000") as dollars, keeping the decimals that matter: "$2.6667",
 * "-$0.50", "$4.00". For costs and margins, whose fractions of a cent are real.
 */
export function formatExactRate(rate: string): string {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(rate.trim());
  if (!match) return rate;
  const [, sign = "", whole = "0", fraction = ""] = match;
  const digits = fraction.replace(/0+$/, "").padEnd(2, "0");
  return `${sign}$${count.format(Number(whole))}.${digits}`;
}

/** A Package's rate as every page quotes it, "$7.95 per package": a package's price is per package, not per 1000. */
export function formatPackagePrice(pricePerPackage: string): string {
  return `${formatRate(pricePerPackage)} per package`;
}
