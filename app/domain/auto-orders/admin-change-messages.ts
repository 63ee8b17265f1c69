import { formatCents } from "../../lib/format-money.ts";
import type { Notice } from "../orders/messages.ts";
import type { Cents } from "../pricing/cents.ts";

/** Every auto order status, in the order the admin's select offers them. */
export const ADMIN_AUTO_ORDER_STATUSES = ["active", "paused", "completed", "cancelled"] as const;
export type AdminAutoOrderStatus = (typeof ADMIN_AUTO_ORDER_STATUSES)[number];

/** The admin auto order texts: the spec's failure titles (admin spec section 8) and our own successes. */
export const ADMIN_AUTO_ORDER_TEXT = {
  statusFailed: "Failed to update auto order status",
  remainingFailed: "Failed to update remaining posts",
  statusUpdated: "Auto order status updated",
  remainingUpdated: "Remaining posts updated",
  noAutoOrders: "No auto orders found",
  cancelledIsFinal: "This auto order was cancelled and refunded, so it can no longer change.",
  completeOnlyOpen: "Only active or paused auto orders can be marked completed.",
  invalidStatus: "Choose a valid status for an existing auto order.",
  remainingNotWhole: "Enter the remaining posts as a whole number.",
} as const;

/** Why a remaining-posts value was refused: it must be a whole number between 0 and the order's total. */
export function remainingPostsOutOfRange(totalPosts: number): Notice {
  return {
    title: ADMIN_AUTO_ORDER_TEXT.remainingFailed,
    message: `Remaining posts must be a whole number from 0 to ${totalPosts}.`,
  };
}

/** What the admin is told after a cancel: the refund that reached the customer's wallet. */
export function adminCancelRefunded(refundCents: Cents): string {
  return `${formatCents(refundCents)} was refunded to the customer's wallet.`;
}
