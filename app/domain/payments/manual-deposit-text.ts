import { formatCents } from "../../lib/format-money.ts";

/**
 * The manual deposit methods' limits and texts (product rules 16.50-16.59, docs/decisions/059), in one place for the
 * wallet, the admin pages, their actions and the tests.
 */

/** Claims a customer may have waiting at once, so nobody can flood the admins' list (product rules 16.54). */
export const MAX_PENDING_CLAIMS = 3;
export const REFERENCE_MAX = 64;
export const METHOD_NAME_MAX = 60;
export const INSTRUCTIONS_MAX = 2_000;
export const REASON_MAX = 300;
export const REVIEW_NOTE_MAX = 500;

export const MANUAL_DEPOSIT_TEXT = {
  heading: "Pay by bank transfer or another method",
  claimTitle: "Transfer claimed",
  claimed: (amountCents: number, method: string) =>
    `We recorded your ${method} of ${formatCents(amountCents)}. It is credited once an admin has checked it.`,
  refusedTitle: "Claim not recorded",
  reference: `Enter the reference you wrote on your transfer (1 to ${REFERENCE_MAX} characters).`,
  referenceTaken:
    "This reference is already on a claim. Check the reference on your transfer, or contact support.",
  method: "This payment method is not available any more; reload the page.",
  tooManyPending: `You have ${MAX_PENDING_CLAIMS} claims waiting for a check already. Wait until an admin has answered one.`,
  rateLimited: "Too many claims. Please wait a few minutes and try again.",
  pending: "Waiting for a check",
  rejected: "Rejected",
  approved: "Credited",
} as const;

export const MANUAL_CLAIM_ADMIN_TEXT = {
  approvedTitle: "Deposit approved",
  approved: (amountCents: number, email: string) => `${formatCents(amountCents)} credited to ${email}.`,
  rejectedTitle: "Claim rejected",
  rejected: (email: string) => `The claim of ${email} was rejected; they see your reason on their wallet.`,
  refusedTitle: "Claim not changed",
  settled: "This claim was already approved or rejected.",
  notFound: "This claim does not exist.",
  reason: `Write the reason the customer will read (3 to ${REASON_MAX} characters).`,
} as const;

export const MANUAL_METHOD_TEXT = {
  savedTitle: "Method saved",
  saved: (name: string) => `${name} is saved.`,
  refusedTitle: "Method not saved",
  name: `Give the method a name (1 to ${METHOD_NAME_MAX} characters).`,
  instructions: `Write what the customer needs to pay (1 to ${INSTRUCTIONS_MAX} characters).`,
  amount: "Enter an amount in dollars, for example 25 or 25.50.",
  limits: "The maximum must be at least the minimum.",
  notFound: "This method does not exist.",
} as const;

export const REVIEW_TEXT = {
  reviewedTitle: "Event reviewed",
  reviewed: (eventId: string) => `${eventId} is marked reviewed.`,
  refusedTitle: "Event not marked",
  already: "This event was already marked reviewed, or does not need a review.",
  note: `Write what you did about it (3 to ${REVIEW_NOTE_MAX} characters).`,
} as const;

/** What each result to review means, in the shop's words (product rules 16.27). */
export const REVIEW_RESULT_LABELS: Record<string, string> = {
  amount_mismatch: "Amount or currency differs",
  reference_mismatch: "Other payment reference",
  provider_mismatch: "Other gateway",
  not_found: "No such deposit",
  paid_after_closing: "Paid after the deposit closed",
  refunded_to_review: "Refunded by the gateway",
  credited_overpaid: "Paid more than asked: the rest to return or credit",
};
