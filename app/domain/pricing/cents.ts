declare const centsBrand: unique symbol;

/** An amount of money in whole US cents. Never a float of dollars. */
export type Cents = number & { readonly [centsBrand]: true };

/** Brands an integer as cents; refuses fractions and unsafe integers so a float never becomes money. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value as Cents;
}

/** Parses a dollar amount typed by a person ("10", "10.5", "1,234.56") into cents; null when it is not one. */
export function parseDollars(text: string): Cents | null {
  const normalized = text.trim().replace(/^\$/, "").replaceAll(",", "");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(normalized);
  if (!match) return null;
  return cents(Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")));
}
