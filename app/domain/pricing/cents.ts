import { type Cents, cents, centsFromSql, isCents } from "../../db/cents.ts";

// Cents and its readers are defined once, in app/db/cents.ts, so the schema can type its money columns with
// them (decisions/018); the domain and the pages import them from here.
export { type Cents, cents, centsFromSql, isCents };

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
