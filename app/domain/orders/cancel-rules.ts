/** The shop's promise (public pages): a customer may cancel an order within 30 minutes of placing it. */
export const CANCEL_WINDOW_MINUTES = 30;
export const CANCEL_WINDOW_MS = CANCEL_WINDOW_MINUTES * 60 * 1000;

/** Whether an order placed at `placedAt` is still within the customer's cancel window at `now`. */
export function withinCancelWindow(placedAt: Date, now: Date): boolean {
  return now.getTime() - placedAt.getTime() <= CANCEL_WINDOW_MS;
}

/** What decides whether a customer may cancel an order now. */
export type CancelFacts = {
  status: string;
  delivery: "provider" | "manual";
  cancelRequestedAt: Date | null;
  placedAt: Date;
  now: Date;
};

/**
 * Whether the customer's Cancel is offered (product rules 4.4, docs/decisions/010): the order has not ended, no
 * cancel was asked yet, it is within the cancel window, and a person has not started it (an order a person
 * delivers may be cancelled while pending; one providers deliver is asked of them). cancelOrder decides by the
 * same rules under the order's lock, so a button shown a moment too long is answered with its refusal.
 */
export function customerMayCancel(facts: CancelFacts): boolean {
  if (["completed", "partial", "cancelled", "failed"].includes(facts.status)) return false;
  if (facts.cancelRequestedAt !== null || !withinCancelWindow(facts.placedAt, facts.now)) return false;
  return facts.delivery === "provider" || facts.status === "pending";
}

/** The texts of cancelling an order (docs/decisions/010-delivery-paths-and-cancel.md). */
export const CANCEL_TEXT = {
  windowPassed: {
    title: "Cancel failed",
    message: `Orders can be cancelled within ${CANCEL_WINDOW_MINUTES} minutes of placing them; this one is older`,
  },
  requested: "Cancel requested",
  requestedNote: "The provider was asked to cancel; the refund follows what it confirms as not delivered.",
  refusedByProvider: "Cancel refused by the provider",
} as const;
