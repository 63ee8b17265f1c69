import type { Cents } from "../pricing/cents.ts";
/** What a signed-in page hears about its own account (the shapes sent over /api/live). */
export type LiveEvent =
  | { type: "balance"; balanceCents: Cents }
  | { type: "order"; orderId: string; status: string }
  /** The listener was reconnected: notifications may have been missed, so read the state again. */
  | { type: "resync" };

/** Channel of the order-status NOTIFY (payload {userId, orderId, status}). */
export const ORDER_STATUS_CHANNEL = "order_status_changed";
