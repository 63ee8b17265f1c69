import { REFILL_WINDOW_DAYS } from "../catalog/refill-window.ts";
import { CANCEL_WINDOW_MINUTES } from "../orders/cancel-rules.ts";
import { DELIVERY_START, deliveryTime } from "../orders/delivery-speeds.ts";
import { formatDepositLimit } from "../payments/deposit-limit-text.ts";
import { type PaymentMethod, paymentMethodsPhrase } from "../payments/payment-methods.ts";
import type { Cents } from "../pricing/cents.ts";

/**
 * What the public pages promise, each from the one constant or setting that also drives the feature (product
 * rules 11): the pages and mails quote these and type no number of their own (tests/unit/page-promises.test.ts).
 * No server imports: the pages' bundles read it.
 */

/** The settings and configuration a promise depends on, as the root loader reads them for every page. */
export type ShopFacts = {
  minDepositCents: Cents;
  newUserBonusCents: Cents;
  autoOrdersEnabled: boolean;
  paymentMethods: readonly PaymentMethod[];
};

/** The promises that are constants of the code. */
export const PROMISES = {
  cancelWindowMinutes: CANCEL_WINDOW_MINUTES,
  refillWindowDays: REFILL_WINDOW_DAYS,
  deliveryStart: DELIVERY_START,
  /** The fastest speed's time: "most orders complete in ..." */
  deliveryComplete: deliveryTime("fast"),
} as const;

/** The sentences the pages share, so a promise reads the same wherever it is made. */
export const PROMISE_TEXT = {
  delivery: `Delivery starts ${DELIVERY_START} and most orders complete in ${deliveryTime("fast")}.`,
  speeds: `Fast speed completes in ${deliveryTime("fast")}, normal speed spreads delivery over ${deliveryTime("normal")} and slow speed over ${deliveryTime("slow")} for the most natural pattern.`,
  /** What the speeds' pace does (product rules 4.20): the shop spreads an order only when the customer asks. */
  pacing: `Choose Slow or Normal delivery and we send a large order in runs spread over ${deliveryTime("slow")} or ${deliveryTime("normal")}, so the growth looks natural.`,
  // Refill and cancel are terms of each service (product rules 4.14, 4.19): the general pages promise them only
  // where the service offers them, and send the reader to the service's own terms.
  refill: `Where a service offers a refill, a drop within its refill window (usually ${REFILL_WINDOW_DAYS} days) is topped up for free; each service shows its refill terms before you order.`,
  cancel: `An order can be cancelled within ${CANCEL_WINDOW_MINUTES} minutes while it has not been sent for delivery, with a full refund; once sent, only where its provider takes cancels, and what it confirms as not delivered goes back to your wallet. Each service says which before you order.`,
  /** A short feature line: refill and cancel terms are per service. */
  termsPerService: "Refill and cancel terms on every service",
  refunds: "Orders we cannot deliver, in whole or in part, are refunded to your wallet automatically.",
} as const;

/** "The minimum deposit is $10." */
export function minimumDepositSentence(facts: Pick<ShopFacts, "minDepositCents">): string {
  return `The minimum deposit is ${formatDepositLimit(facts.minDepositCents)}.`;
}

/** How deposits are paid, or that none can be made now. */
export function paymentSentence(facts: Pick<ShopFacts, "paymentMethods">): string {
  const phrase = paymentMethodsPhrase(facts.paymentMethods);
  return phrase
    ? `Deposits are paid by ${phrase} on our payment processor's secure checkout page; Boostly never sees or stores your card number.`
    : "Deposits are not available at the moment; your balance still pays for orders.";
}
