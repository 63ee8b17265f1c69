declare const centsBrand: unique symbol;

/** An amount of money in whole US cents. Never a float of dollars. */
export type Cents = number & { readonly [centsBrand]: true };

/** Brands an integer as cents; refuses fractions and unsafe integers so a float never becomes money. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value as Cents;
}

/**
 * Parses a dollar amount typed by a person ("10", "$10.50", "1,234.56") into cents; null when it is not one.
 * Cents follow a point; a comma only separates thousands (groups of exactly three digits), so "10,50" or
 * "1,00" are refused, never read as $1,050 or $100.
 */
export function parseDollars(text: string): Cents | null {
  const normalized = text.trim().replace(/^\$/, "");
  const match = /^(\d{1,9}|\d{1,3}(?:,\d{3}){1,2})(?:\.(\d{1,2}))?$/.exec(normalized);
  if (!match) return null;
  const whole = Number((match[1] ?? "").replaceAll(",", ""));
  return cents(whole * 100 + Number((match[2] ?? "").padEnd(2, "0")));
}
