import { refillFeature } from "../catalog/refill-window.ts";
import { type Refusal, refuse } from "../refusal.ts";

/** Order statuses a refill may follow: something was delivered (product rules 4.7). */
export const REFILLABLE_ORDER_STATUSES = ["completed", "partial"] as const;

/** The texts of asking a refill; each refusal has its code, so the API maps it without reading the text. */
export const REFILL_TEXT = {
  orderNotFound: "Order not found",
  notAvailable: "Refill is not available for this service",
  noRefillNote: "No refill: this service does not offer one.",
  notEnded: "Only a completed or partial order can be refilled",
  windowPassed: (days: number) => `The ${refillFeature(days)} window of this order has passed`,
  inProgress: "A refill of this order is already in progress",
  requested: "Refill requested",
  notFound: "Refill not found",
} as const;

/** The refusal codes of asking a refill (docs/decisions/017: the API tells refusals apart by code). */
export const REFILL_CODES = {
  orderNotFound: "order_not_found",
  notAvailable: "refill_not_available",
  notEnded: "refill_order_not_ended",
  windowPassed: "refill_window_passed",
  inProgress: "refill_in_progress",
} as const;

/** What decides whether an order may be refilled now. */
export type RefillFacts = {
  orderStatus: string;
  /** The service's refill window in days; null: not refillable. */
  refillDays: number | null;
  /** When the order reached its final status (null: it has not). */
  endedAt: Date | null;
  hasOpenRefill: boolean;
  now: Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Why an order may not be refilled now, or null when it may (product rules 4.7): its service is refillable,
 * it is completed or partial, its refill window (counted from when it ended) is still open, and no refill of it
 * is open. The same rule decides the API's `refill` and the storefront's Refill button.
 */
export function refillRefusalOf(facts: RefillFacts): Refusal | null {
  if (facts.refillDays === null)
    return refuse("invalid", REFILL_TEXT.notAvailable, { code: REFILL_CODES.notAvailable });
  if (!(REFILLABLE_ORDER_STATUSES as readonly string[]).includes(facts.orderStatus) || !facts.endedAt)
    return refuse("conflict", REFILL_TEXT.notEnded, { code: REFILL_CODES.notEnded });
  if (facts.now.getTime() > facts.endedAt.getTime() + facts.refillDays * DAY_MS)
    return refuse("conflict", REFILL_TEXT.windowPassed(facts.refillDays), {
      code: REFILL_CODES.windowPassed,
    });
  if (facts.hasOpenRefill)
    return refuse("conflict", REFILL_TEXT.inProgress, { code: REFILL_CODES.inProgress });
  return null;
}
