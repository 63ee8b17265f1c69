/** The cancel window (product rules 4.4, 4.15): a customer may cancel an order within 30 minutes of placing it. */
export const CANCEL_WINDOW_MINUTES = 30;
export const CANCEL_WINDOW_MS = CANCEL_WINDOW_MINUTES * 60 * 1000;

/** Whether an order placed at `placedAt` is still within the customer's cancel window at `now`. */
export function withinCancelWindow(placedAt: Date, now: Date): boolean {
  return now.getTime() - placedAt.getTime() <= CANCEL_WINDOW_MS;
}

/**
 * Where an order's parts stand for a cancel (fulfilment's upstreamCancelSql): none with a provider yet, all with
 * provider services that take cancels, or one with a provider service that takes none.
 */
export type UpstreamCancelFact = "not_sent" | "provider_cancels" | "no_cancels";

/** What decides whether a customer may cancel an order now. */
export type CancelFacts = {
  status: string;
  delivery: "provider" | "manual";
  cancelRequestedAt: Date | null;
  placedAt: Date;
  now: Date;
  /** For an order providers deliver: where its parts stand (ignored for one a person delivers). */
  upstream: UpstreamCancelFact;
};

/**
 * What the customer's Cancel does, when it is offered: `stops_now` (nothing is with a provider, or a person has
 * not started it: cancelled and refunded in full at once) or `asks_provider` (the provider is asked; what it
 * confirms as not delivered is refunded). `none` with the short reason the order card shows, or null when there is
 * nothing worth saying (the order has ended, or its cancel was asked already).
 */
export type CancelOffer =
  | { kind: "stops_now" }
  | { kind: "asks_provider" }
  | { kind: "none"; reason: string | null };

/**
 * The customer's Cancel (product rules 4.15-4.16, docs/decisions/046): offered while the order runs, no cancel was
 * asked yet, within the cancel window, and it can be honoured: an order a person delivers while it is pending; one
 * providers deliver while nothing is with a provider yet, or while every provider that has a part takes cancels.
 * cancelOrder decides by the same facts under the order's lock, so a button shown a moment too long is answered
 * with its refusal.
 */
export function customerCancelOffer(facts: CancelFacts): CancelOffer {
  if (
    ["completed", "partial", "cancelled", "failed"].includes(facts.status) ||
    facts.cancelRequestedAt !== null
  )
    return { kind: "none", reason: null };
  if (!withinCancelWindow(facts.placedAt, facts.now))
    return { kind: "none", reason: CANCEL_TEXT.windowPassedNote };
  if (facts.delivery === "manual")
    return facts.status === "pending"
      ? { kind: "stops_now" }
      : { kind: "none", reason: CANCEL_TEXT.startedNote };
  if (facts.upstream === "not_sent") return { kind: "stops_now" };
  if (facts.upstream === "provider_cancels") return { kind: "asks_provider" };
  return { kind: "none", reason: CANCEL_TEXT.noCancelsNote };
}

/** The texts of cancelling an order (docs/decisions/010, 046). */
export const CANCEL_TEXT = {
  windowPassed: {
    title: "Cancel failed",
    message: `Orders can be cancelled within ${CANCEL_WINDOW_MINUTES} minutes of placing them; this one is older`,
  },
  providerTakesNoCancels: {
    title: "Cancel failed",
    message: "This order is already with its provider, which does not take cancels",
  },
  windowPassedNote: `No cancel: the ${CANCEL_WINDOW_MINUTES}-minute cancel window has passed.`,
  startedNote: "No cancel: our team has started delivering it.",
  noCancelsNote: "No cancel: this order is with a provider that does not take cancels.",
  requested: "Cancel requested",
  requestedNote: "The provider was asked to cancel; the refund follows what it confirms as not delivered.",
  refusedByProvider: "Cancel refused by the provider",
} as const;
