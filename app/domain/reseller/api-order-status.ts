import { runsDelivered } from "../orders/order-progress.ts";
import { orderRemains } from "../orders/order-remains.ts";
import type { OrderStatus } from "../orders/set-order-status.server.ts";
import type { Cents } from "../pricing/cents.ts";

/** Our order statuses in the panels' standard words (a failed order was refunded in full, like a cancelled one). */
export const API_STATUS: Record<OrderStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  in_progress: "In progress",
  completed: "Completed",
  partial: "Partial",
  cancelled: "Canceled",
  failed: "Canceled",
};

/**
 * Units not delivered, as the standard `remains` field reports them, in the unit the order was sold in: a likes
 * pack is listed as a Package of one unit (min = max = 1), so its remains are 1 only while none of it was
 * delivered and 0 otherwise, since panels refund charge x remains / quantity (docs/decisions/020).
 */
export function apiRemains(order: {
  status: OrderStatus;
  quantity: number;
  remains: number | null;
  likesPackId: string | null;
}): number {
  const remains = orderRemains(order);
  return order.likesPackId ? Math.floor(remains / order.quantity) : remains;
}

/**
 * A drip-feed order's runs delivered so far, as the standard `runs` of its status (docs/decisions/021): the whole
 * runs its delivered units make (its quantity is runs x one run's); null for an order that is no drip-feed.
 * SmartPanel's refund of a Partial drip-feed reads it.
 */
export function apiRunsDelivered(order: {
  status: OrderStatus;
  quantity: number;
  remains: number | null;
  runs: number | null;
}): number | null {
  if (order.runs === null) return null;
  return runsDelivered({ quantity: order.quantity, remains: orderRemains(order), runs: order.runs });
}

/** The API's order id: the number of our order number (ORD-100001 -> 100001). */
export function apiOrderId(orderNumber: string): number {
  return Number(orderNumber.replace(/^ORD-/, ""));
}

/** Our order number from an API order id ("100001" or "ORD-100001"); null when it is not one. */
export function orderNumberFromApiId(id: string): string | null {
  const match = /^(?:ORD-)?(\d{1,12})$/.exec(id.trim());
  return match ? `ORD-${Number(match[1])}` : null;
}

/** Cents as the API's plain dollar string: 60 -> "0.60". */
export function apiDollars(amount: Cents): string {
  return (amount / 100).toFixed(2);
}
