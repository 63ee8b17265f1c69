import { formatCents, formatCount } from "../../lib/format-money.ts";
import { type AdminOrderStatus, ORDER_STATUS_LABELS } from "./order-status-labels.ts";

/**
 * The texts of an admin's overrides of an order (product rules 14.1-14.9): set its status with the refund it
 * implies, correct its start count and remains, a goodwill refund. Plain TypeScript: the admin forms show them too.
 */
export const OVERRIDE_TEXT = {
  heading: "Override status",
  preview: "Preview",
  confirm: "Confirm",
  keep: "Keep as it is",
  done: "Order status overridden",
  refused: "Failed to override order status",
  remains: (quantity: number) =>
    `Enter the units not delivered, a whole number from 0 to ${formatCount(quantity)}.`,
  sameStatus: "The order already has this status, and no provider part is left to take over.",
  beingSent: {
    title: "Being sent",
    message: "A part of this order is being sent to its provider right now. Try again in a minute.",
  },
  changed: {
    title: "The order changed",
    message:
      "The order changed since the preview (a provider's update or another admin): nothing was done. Preview it again.",
  },
  countsHeading: "Start count and remains",
  countsDone: "Order corrected",
  countsRefused: "Failed to correct the order",
  countsUnchanged: "Nothing changed: these are the order's start count and remains already.",
  startCount: "Enter the start count as a whole number of 0 or more (empty: leave it).",
  remainsEnded:
    "This order has ended, and its remains decided its refund: they no longer change. A goodwill refund is the way to give money back.",
  goodwillHeading: "Goodwill refund",
  goodwillDone: "Goodwill refund made",
  goodwillRefused: "Failed to make the goodwill refund",
  goodwillNotEnded: "A goodwill refund is for an order that has ended; set the status of this one instead.",
  goodwillNothingLeft: "Everything this order charged has been given back already.",
  goodwillAmount: (leftCents: number) =>
    `Enter an amount from $0.01 to ${formatCents(leftCents)} (what the order charged less what was given back).`,
} as const;

/** What an override will do, in the words of its confirmation (one text for the dialog and the toast). */
export function overrideSummary(plan: {
  orderNumber: string;
  to: AdminOrderStatus;
  refundCents: number;
  providers: readonly string[];
}): string {
  const refund =
    plan.refundCents > 0
      ? `${formatCents(plan.refundCents)} will be refunded to the customer's wallet.`
      : "Nothing is refunded.";
  const providers = plan.providers.length
    ? ` The shop stops following ${plan.providers.join(", ")} for it; the provider is not asked to cancel.`
    : "";
  return `Set ${plan.orderNumber} to ${ORDER_STATUS_LABELS[plan.to]}: ${refund}${providers}`;
}

/** The toast of an override made. */
export function overriddenText(plan: {
  orderNumber: string;
  to: AdminOrderStatus;
  refundCents: number;
}): string {
  const refund =
    plan.refundCents > 0 ? ` ${formatCents(plan.refundCents)} was refunded to the customer's wallet.` : "";
  return `${plan.orderNumber} is now ${ORDER_STATUS_LABELS[plan.to]}.${refund}`;
}
