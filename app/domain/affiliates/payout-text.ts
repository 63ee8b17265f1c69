import { formatCents } from "../../lib/format-money.ts";

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
  walletReason: "Affiliate commission payout",
} as const;
