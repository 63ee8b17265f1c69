// The one definition of the money type. It sits in the db layer, and imports nothing, so the schema can type
// its money columns with it (dependencies point routes -> domain -> db); app/domain/pricing/cents.ts re-exports
// it for everything above (decisions/018).

declare const centsBrand: unique symbol;

/** An amount of money in whole US cents. Never a float of dollars. */
export type Cents = number & { readonly [centsBrand]: true };

/** Brands an integer as cents; refuses fractions and unsafe integers so a float never becomes money. */
export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of cents: ${value}`);
  return value as Cents;
}

/** Whether a value read from JSON (an order's stored lines, say) is a whole number of cents. */
export function isCents(value: unknown): value is Cents {
  return Number.isSafeInteger(value);
}

/**
 * Reads an amount of cents from a raw SQL row or a SQL sum, which node-postgres gives as a string (bigint,
 * numeric) or a number: the boundary where a database number becomes Cents.
 */
export function centsFromSql(value: string | number): Cents {
  return cents(Number(value));
}
