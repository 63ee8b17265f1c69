import { formatCount } from "../../lib/format-money.ts";
import { SUPPORT_REPLY_WINDOW_DAYS } from "../tickets/support-reply-window.ts";

/**
 * The shop's figures on its public pages (product rules 7.10, 7.11): measured, or not shown. No server imports:
 * the pages' bundles read the texts.
 */

/** Below this many customers the count says nothing worth saying, and no page shows it. */
export const CUSTOMER_COUNT_SHOWN_FROM = 1_000;
/** Fewer answered waits than this make no median worth quoting. */
export const SUPPORT_REPLIES_SHOWN_FROM = 5;
/**
 * How old a figure on a kept visitor page may be: the visitor page cache starts a new key every this many minutes
 * (server/visitor-page-cache.ts), since customers and tickets move no content version (docs/decisions/035).
 */
export const SHOP_FIGURES_MAX_AGE_MINUTES = 10;

/** What the pages show: each figure's text, or null when the shop has no true one to show. */
export type ShopFigures = {
  /** "1,200+": the count rounded down to two significant digits. */
  customers: string | null;
  /** "42 minutes": support's median reply time. */
  supportReply: string | null;
};

/** How the pages name the reply time's window. */
export const SUPPORT_REPLY_WINDOW_LABEL = `tickets of the last ${SUPPORT_REPLY_WINDOW_DAYS} days`;

/** The figures as the pages' bands list them, value and label; empty when the shop has none to show. */
export function figureStats(figures: ShopFigures): { value: string; label: string }[] {
  return [
    figures.customers ? { value: figures.customers, label: "Customers" } : null,
    figures.supportReply
      ? { value: figures.supportReply, label: `Support's median reply time, ${SUPPORT_REPLY_WINDOW_LABEL}` }
      : null,
  ].filter((stat) => stat !== null);
}

/** The customer count as shown ("1,200+", "56,000+"), or null below `CUSTOMER_COUNT_SHOWN_FROM`. */
export function customerCountText(customers: number): string | null {
  if (customers < CUSTOMER_COUNT_SHOWN_FROM) return null;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(customers)) - 1);
  return `${formatCount(Math.floor(customers / step) * step)}+`;
}

/** A median reply time in words, rounded up so it never flatters: "1 minute", "42 minutes", "3 hours", "2 days". */
export function replyTimeText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return plural(hours, "hour");
  return plural(Math.ceil(hours / 24), "day");
}

/** Support's figure, or null with fewer than `SUPPORT_REPLIES_SHOWN_FROM` answers measured. */
export function supportReplyText(replies: { answered: number; medianSeconds: number | null }): string | null {
  if (replies.answered < SUPPORT_REPLIES_SHOWN_FROM || replies.medianSeconds === null) return null;
  return replyTimeText(replies.medianSeconds);
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}
