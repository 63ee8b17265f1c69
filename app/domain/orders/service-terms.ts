import { CANCEL_WINDOW_MINUTES } from "./cancel-rules.ts";

/**
 * How an order of a service may be cancelled (product rules 4.14): only before it is sent to its provider (the
 * provider takes no cancels), or also after, by asking the provider (it takes cancels), or while our team has not
 * started it (a person delivers it). Always within the cancel window.
 */
export type CancelTerm = "before_sent" | "asks_provider" | "while_pending";

/** A service's terms: its refill window in days (null: no refill) and how its orders may be cancelled. */
export type ServiceTerms = { refillDays: number | null; cancel: CancelTerm };

/**
 * The one source of a service's terms (product rules 4.14, docs/decisions/046): its refill window, and its cancel
 * from whether a provider delivers it and, if so, whether that provider service takes cancels by the provider's
 * catalogue (`providerCancels`: null when no provider delivers it). The storefront, /orders and the API's
 * `services` all read it. No server imports: the pages' bundles read it.
 */
export function serviceTermsOf(facts: {
  refillDays: number | null;
  providerCancels: boolean | null;
}): ServiceTerms {
  const cancel: CancelTerm =
    facts.providerCancels === null
      ? "while_pending"
      : facts.providerCancels
        ? "asks_provider"
        : "before_sent";
  return { refillDays: facts.refillDays, cancel };
}

/** "Refill: 30 days" or "No refill". */
export function refillTermText(refillDays: number | null): string {
  return refillDays === null ? "No refill" : `Refill: ${refillDays} ${refillDays === 1 ? "day" : "days"}`;
}

/** The cancel term as the service's pages and the order card say it. */
export function cancelTermText(cancel: CancelTerm): string {
  switch (cancel) {
    case "before_sent":
      return `Cancel: within ${CANCEL_WINDOW_MINUTES} minutes, only until it is sent to the provider`;
    case "asks_provider":
      return `Cancel: within ${CANCEL_WINDOW_MINUTES} minutes; once sent, we ask the provider`;
    case "while_pending":
      return `Cancel: within ${CANCEL_WINDOW_MINUTES} minutes, until our team starts it`;
  }
}

/** Both terms in one line: "Refill: 30 days · Cancel: within 30 minutes; once sent, we ask the provider". */
export function termsLine(terms: ServiceTerms): string {
  return `${refillTermText(terms.refillDays)} · ${cancelTermText(terms.cancel)}`;
}

/**
 * The API's `services` flags from the same terms: `refill` when the service has a refill window, `cancel` when a
 * started order's cancel is still asked (a provider that takes cancels, or a person before they start).
 */
export function apiTermFlags(terms: ServiceTerms): { refill: boolean; cancel: boolean } {
  return { refill: terms.refillDays !== null, cancel: terms.cancel !== "before_sent" };
}

/**
 * A service's features without a refill promise of their own ("30-day refill" typed on the admin form): the refill
 * is said once, by its terms, so it can never be promised where the service has none.
 */
export function featuresBesideTerms(features: readonly string[]): string[] {
  return features.filter((feature) => !/refill/i.test(feature));
}
