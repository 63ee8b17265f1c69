import { type Refusal, refuse } from "../refusal.ts";
import { MASS_ORDER_MAX_LINES, MASS_ORDER_TEXT, tooManyLines } from "./mass-order-text.ts";

/**
 * Reading a mass order's paste (product rules 4.8): one order per line, `service id | link | quantity`, the
 * panels' format. Pure: the preview and the placing read it the same way, then check each line against the
 * catalogue. Browser-safe.
 */

/** A line as written: its number in the paste (1-based, blank lines counted) and its three fields. */
export type MassOrderLine = {
  line: number;
  text: string;
  fields: { serviceApiId: number; link: string; quantity: number } | { error: string };
};

export type MassOrderPaste = { ok: true; lines: MassOrderLine[] } | Refusal;

const WHOLE = /^\d{1,9}$/;

/** The paste's lines, each read or with the reason it cannot be; refused as a whole when empty or too long. */
export function readMassOrderLines(paste: string): MassOrderPaste {
  const lines: MassOrderLine[] = [];
  paste.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const text = raw.trim();
    if (text) lines.push({ line: index + 1, text, fields: readLine(text) });
  });
  if (lines.length === 0) return refuse("invalid", MASS_ORDER_TEXT.empty);
  if (lines.length > MASS_ORDER_MAX_LINES)
    return refuse("invalid", { title: MASS_ORDER_TEXT.tooLong.title, message: tooManyLines(lines.length) });
  return { ok: true, lines };
}

function readLine(text: string): MassOrderLine["fields"] {
  const parts = text.split("|").map((part) => part.trim());
  if (parts.length !== 3 || !parts[0] || !parts[1] || !parts[2]) return { error: MASS_ORDER_TEXT.badFormat };
  const [serviceApiId, link, quantity] = parts as [string, string, string];
  if (!WHOLE.test(serviceApiId)) return { error: MASS_ORDER_TEXT.badServiceId };
  // "1,000" and "1 000" are how people write a thousand; anything else is not a count.
  const digits = quantity.replace(/[, ]/g, "");
  if (!WHOLE.test(digits)) return { error: MASS_ORDER_TEXT.badQuantity };
  return { serviceApiId: Number(serviceApiId), link, quantity: Number(digits) };
}
