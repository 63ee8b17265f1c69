/**
 * The kinds of a wallet `bonus` row (its metadata `kind`, unique per customer: transactions_one_bonus_per_kind) and
 * what the customer's statement calls each. An affiliate payout and a referral bonus name their cause in the kind,
 * so each is paid once (docs/decisions/056).
 */
export const AFFILIATE_PAYOUT_KIND_PREFIX = "affiliate_payout:";
export const REFERRAL_BONUS_KIND_PREFIX = "referral:";
/** A gateway's bonus on one deposit (product rules 16.39): `deposit:<deposit id>`, so it is paid once. */
export const DEPOSIT_BONUS_KIND_PREFIX = "deposit:";

export const BONUS_LABELS = {
  welcome: "Welcome bonus",
  referral: "Referral bonus",
  affiliatePayout: "Affiliate commission payout",
  deposit: "Deposit bonus",
} as const;

/** The statement's words for a bonus row of this kind. */
export function bonusLabel(kind: unknown): string {
  if (typeof kind === "string" && kind.startsWith(DEPOSIT_BONUS_KIND_PREFIX)) return BONUS_LABELS.deposit;
  if (typeof kind === "string" && kind.startsWith(AFFILIATE_PAYOUT_KIND_PREFIX))
    return BONUS_LABELS.affiliatePayout;
  if (kind === "referral" || (typeof kind === "string" && kind.startsWith(REFERRAL_BONUS_KIND_PREFIX)))
    return BONUS_LABELS.referral;
  return BONUS_LABELS.welcome;
}
