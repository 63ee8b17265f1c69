/**
 * The shop's refill guarantee (product rules 4.7): a delivered order that drops is topped up for free within
 * this many days of ending. The one number behind the public pages' promise, the seeded services' refill window
 * and the admin form's default for a new service. No imports: the pages' bundles read it.
 */
export const REFILL_WINDOW_DAYS = 30;

/** The longest refill window an admin may give a service. */
export const MAX_REFILL_DAYS = 365;

/** The refill promise as a service's feature line: "30-day refill". */
export function refillFeature(days: number = REFILL_WINDOW_DAYS): string {
  return `${days}-day refill`;
}
