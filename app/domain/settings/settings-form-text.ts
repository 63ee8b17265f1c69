import type { Notice } from "../notice.ts";

/**
 * The longest text each page-content field of the Settings tab takes. The schema refuses longer and the form stops
 * typing there (maxLength); both read these, so the two never disagree. No zod here: the form's bundle imports it.
 */
export const PAGE_TEXT_MAX = { heroTitle: 120, heroSubtitle: 400, footerText: 300 } as const;

/** The longest a gave-up submission may be held before its refund: a week (product rules 14.12). */
export const REFUND_HOLD_MAX_HOURS = 168;

/**
 * The affiliate programme's limits (product rules 16.10): a commission above 90% would pay out nearly what the
 * order brought in; a window or interval past these is surely a typo.
 */
export const AFFILIATE_LIMITS = {
  commissionPercentMax: 90,
  attributionDaysMax: 365,
  payoutIntervalDaysMax: 90,
} as const;

/**
 * The admin spec's texts for the Settings tab (admin spec sections 2 and 8), verbatim where the spec gives them;
 * the rest say plainly what happened.
 */
export const SETTINGS_TEXT = {
  settingsSaved: "Settings saved",
  settingsSaveFailed: "Failed to save settings",
  badAmount: "Enter an amount in dollars, for example 10 or 12.50.",
  depositRange: "The maximum deposit must be at least the minimum deposit.",
  badEmail: "Enter a valid e-mail address.",
  textRequired: "This text cannot be empty.",
  badCommissionPercent: "Enter a whole percent from 0 (no commission) to 90.",
  badAttributionDays: "Enter whole days from 1 to 365.",
  badPayoutInterval: "Enter whole days from 1 to 90.",
  badMinimumPayout: "Enter a minimum payout from $1 to $1,000.",
  badReferralBonus: "Enter a bonus from $0 (none) to $100.",
  badRefundHold: "Enter whole hours from 0 (refund at once) to 168.",
} as const;

/** 'Settings saved' and how many settings changed. */
export function settingsSaved(changedCount: number): Notice {
  return {
    title: SETTINGS_TEXT.settingsSaved,
    message: changedCount ? `${changedCount} setting(s) changed.` : "Nothing changed.",
  };
}
