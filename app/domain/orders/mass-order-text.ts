import { formatCents } from "../../lib/format-money.ts";
import type { Cents } from "../pricing/cents.ts";

/**
 * The mass order's rules and texts (product rules 4.8), in one place: the page, the domain and the tests read
 * them from here. Browser-safe: no server imports.
 */

/** The most lines one mass order takes; a longer paste is refused as a whole, nothing is placed. */
export const MASS_ORDER_MAX_LINES = 100;

/** The longest paste read (100 lines of a long link each, with room); the page's text area stops there too. */
export const MASS_ORDER_MAX_CHARACTERS = 60_000;

/** The one line format, as the panels write it. */
export const MASS_ORDER_FORMAT = "service id | link | quantity";

export const MASS_ORDER_TEXT = {
  title: "Mass order",
  lead: `Paste one order per line as ${MASS_ORDER_FORMAT}. Each line is checked and priced before anything is charged, then placed as its own order.`,
  serviceIdsHint: "The service ids are listed below (the same ids as the API's).",
  label: "Orders, one per line",
  preview: "Preview",
  place: "Place orders",
  empty: { title: "Nothing to order", message: `Paste at least one line: ${MASS_ORDER_FORMAT}.` },
  tooLong: {
    title: "Too many lines",
    message: `A mass order takes at most ${MASS_ORDER_MAX_LINES} lines. Split it into several.`,
  },
  changed: {
    title: "Orders changed",
    message: "Prices or lines changed since the preview. Check the new preview, then place the orders again.",
  },
  malformed: { title: "Mass order failed", message: "The mass order could not be read. Please try again." },
  badFormat: `Write the line as: ${MASS_ORDER_FORMAT}.`,
  badServiceId: "The service id must be a number from the API page's service list.",
  badQuantity: "The quantity must be a whole number.",
  packQuantity: "A likes pack is ordered one at a time: its quantity is 1.",
  commentsService: "This service posts your own comments: order it from its page.",
  notPlacedAfterShortfall: "Not placed: your balance ran out on an earlier line.",
  nothingValid: "No line can be placed: correct the lines marked below.",
} as const;

/** A service id the catalogue does not list (or a disabled service). */
export function unknownServiceId(apiId: string): string {
  return `No service has the id ${apiId}: see the service ids listed on this page.`;
}

/** Too many lines: how many were pasted. */
export function tooManyLines(count: number): string {
  return `${MASS_ORDER_TEXT.tooLong.message} This one has ${count}.`;
}

/** What the preview says of the balance against the total of the valid lines. */
export function balanceVerdict(totalCents: Cents, balanceCents: Cents): string {
  return totalCents <= balanceCents
    ? `Your balance of ${formatCents(balanceCents)} covers the ${formatCents(totalCents)}.`
    : `You need ${formatCents(totalCents)} but only have ${formatCents(balanceCents)}: the lines after the balance runs out will not be placed. Add funds first.`;
}

/** The summary after placing. */
export function placedSummary(placed: number, refused: number, chargedCents: number): string {
  const orders = placed === 1 ? "1 order" : `${placed} orders`;
  const lines = refused === 1 ? "1 line" : `${refused} lines`;
  return `${orders} placed for ${formatCents(chargedCents)}; ${lines} not placed, nothing charged for them.`;
}
