import { formatCents, formatCount } from "../../lib/format-money.ts";
import type { Cents } from "../pricing/cents.ts";
import { CANCEL_WINDOW_MINUTES } from "./cancel-rules.ts";

/** The customer's /orders page: its words, in one place (the refusals are the domain's own). */
export const ORDERS_PAGE_TEXT = {
  title: "My Orders",
  description: "Your Boostly orders: follow their status, cancel, refill or order again.",
  intro: `Orders can be cancelled within ${CANCEL_WINDOW_MINUTES} minutes of placing them while the cancel can be honoured: before it is sent to its provider, or after where that provider takes cancels. Each order says which.`,
  empty: "No orders yet",
  noMatch: "No orders match your search",
  clearSearch: "Show all orders",
  searchForm: "Find orders",
  searchLabel: "Search orders",
  searchPlaceholder: "Order number or link",
  statusLabel: "Status",
  allStatuses: "All statuses",
  searchButton: "Search",
  viewAll: "View all orders",
  loadError: "Error loading orders",
  pagination: "Pages of orders",
  cancel: "Cancel order",
  cancelTitle: "Cancel this order?",
  keepOrder: "Keep order",
  cancelledTitle: "Order cancelled",
  refill: "Request refill",
  refillTitle: "Request a refill?",
  notNow: "Not now",
  reorder: "Reorder",
  history: "Status history",
  placed: "Placed",
  byShop: "by the shop",
  unknownAction: "Choose an order and what to do with it.",
} as const;

/** "Showing 11–17 of 17 orders". */
export function showingOrders(first: number, last: number, total: number): string {
  return `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)} ${total === 1 ? "order" : "orders"}`;
}

/**
 * The cancel dialog's promise, said before the click (product rules 4.17, docs/decisions/046): an order nothing of
 * which is with a provider (or that a person has not started) stops now with a full refund; one a provider has is
 * asked of that provider, and the refund follows what it confirms.
 */
export function cancelPromise(
  orderNumber: string,
  chargeCents: Cents,
  kind: "stops_now" | "asks_provider",
): string {
  return kind === "stops_now"
    ? `${orderNumber} has not been sent for delivery yet: it stops now and ${formatCents(chargeCents)} is refunded to your wallet in full.`
    : `We ask the provider to cancel ${orderNumber}; a started order usually cannot be stopped. What the provider confirms as not delivered is refunded to your wallet.`;
}

/** The cancel's outcome when nothing was with a provider. */
export function cancelledOutcome(refundCents: Cents): string {
  return `${formatCents(refundCents)} refunded to your wallet.`;
}

/** The refill dialog's promise (product rules 4.7: a refill moves no money). */
export function refillPromise(orderNumber: string, quantity: number): string {
  return `We top ${orderNumber} back up to ${formatCount(quantity)} if it dropped, free of charge. Its progress shows on the order.`;
}

/** A drip-feed order's schedule. */
export function dripFeedSchedule(runs: number, intervalMinutes: number): string {
  return `${formatCount(runs)} runs, one every ${formatCount(intervalMinutes)} ${intervalMinutes === 1 ? "minute" : "minutes"}`;
}
