import { formatCents } from "../../lib/format-money.ts";
import type { Settings } from "../settings/defaults.ts";

/** What the customer's affiliate page says (product rules 16.11-16.12), in one place. */
export const AFFILIATE_PAGE_TEXT = {
  title: "Affiliate programme",
  navLabel: "Affiliate",
  linkLabel: "Your referral link",
  copy: "Copy Link",
  copied: "Link copied",
  copyFailed: "Copy failed: select the link and copy it yourself.",
  payoutsTitle: "Payouts",
  noPayouts: "No payouts yet",
  requestPayout: "Request Payout",
  requesting: "Requesting...",
  payoutRequested: "Payout requested",
  payoutRequestedMessage: (amountCents: number) =>
    `We will pay ${formatCents(amountCents)} once our team has checked it.`,
  updating: "Updating",
  unknownAction: "This page cannot do that; reload it and try again.",
} as const;

/** How the programme works, from the settings in force (rules 11.1: promises come from what drives them). */
export function programmeTerms(settings: Settings): string {
  const bonus =
    settings.referralBonusCents > 0
      ? `, and ${formatCents(settings.referralBonusCents)} in your wallet when they first add funds`
      : "";
  return `Share your link: a visitor who signs up within ${settings.affiliateAttributionDays} days becomes your referral, and you earn ${settings.affiliateCommissionPercent}% of what they pay for their orders, less refunds${bonus}. Ask for a payout once your balance reaches ${formatCents(settings.affiliateMinimumPayoutCents)}, at most once every ${settings.affiliatePayoutIntervalDays} days.`;
}

/** A payout's state in the customer's words. */
export function payoutStateText(payout: {
  status: "requested" | "paid" | "rejected";
  method: "wallet" | "elsewhere" | null;
  reference: string | null;
}): string {
  if (payout.status === "requested") return "Waiting for our team";
  if (payout.status === "rejected") return `Rejected: ${payout.reference ?? ""}`.trim();
  if (payout.method === "wallet") return "Paid to your wallet";
  return payout.reference ? `Paid (reference ${payout.reference})` : "Paid";
}
