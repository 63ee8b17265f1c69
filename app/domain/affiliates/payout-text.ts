import { formatCents } from "../../lib/format-money.ts";
import { BONUS_LABELS } from "../wallet/bonus-kinds.ts";

/** What the payout request and the admin's answer say (docs/decisions/056), in one place. */
export const PAYOUT_TEXT = {
  noBalance: "You have no affiliate earnings yet.",
  belowMinimum: (minimumCents: number) =>
    `You can ask for a payout once you have earned ${formatCents(minimumCents)}.`,
  alreadyRequested: "Your payout request is waiting for our team.",
  tooSoon: (days: number) =>
    days === 7
      ? "Payouts are made once a week: please ask again next week."
      : `Payouts are made every ${days} days.`,
  notFound: "Payout request not found.",
  alreadyDecided: "This payout request has already been answered.",
  balanceFell:
    "The affiliate's balance is now below this request (a refund took back commission). Reject it.",
  referenceRequired: "Enter the payment's reference.",
  reasonRequired: "Enter why the request is rejected.",
  walletReason: BONUS_LABELS.affiliatePayout,
  // The admin's payout screen (product rules 16.14).
  refusedTitle: "Failed to answer the payout request",
  paidTitle: "Payout paid",
  rejectedTitle: "Payout rejected",
  paidToWallet: (amountCents: number) =>
    `${formatCents(amountCents)} was credited to the affiliate's shop wallet.`,
  paidElsewhere: (amountCents: number) => `${formatCents(amountCents)} is recorded as paid elsewhere.`,
  rejected: "The affiliate may ask again for their balance.",
} as const;

/** The longest reference or reason the admin may type: the form's schema refuses longer (product rules 16.14). */
export const PAYOUT_NOTE_MAX = 500;
