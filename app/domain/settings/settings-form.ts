import { z } from "zod";
import { checkbox, UNKNOWN_FIELD_TEXT } from "../admin-form.ts";
import { type Cents, cents, parseDollars } from "../pricing/cents.ts";
import {
  AFFILIATE_LIMITS,
  PAGE_TEXT_MAX,
  REFUND_HOLD_MAX_HOURS,
  SETTINGS_TEXT,
} from "./settings-form-text.ts";

/** Deposits below $1 cost more in card fees than they bring; above $1,000,000 is surely a typo. */
const DEPOSIT_FLOOR_CENTS = cents(100);
const DEPOSIT_CEILING_CENTS = cents(100_000_000);
const BONUS_CEILING_CENTS = cents(100_000);

const dollars = (minCents: Cents, maxCents: Cents, message: string) =>
  z
    .string({ error: SETTINGS_TEXT.badAmount })
    .transform((text, ctx) => {
      const amount = parseDollars(text);
      if (amount === null) {
        ctx.addIssue({ code: "custom", message: SETTINGS_TEXT.badAmount });
        return z.NEVER;
      }
      return amount;
    })
    .refine((amount) => amount >= minCents && amount <= maxCents, message);

/**
 * The money and switches part of the Settings tab (product rules 7.1), amounts typed in dollars. The referral
 * bonus belongs to the affiliate programme's part below; posted here it is refused like any field this part
 * does not have.
 */
export const shopSettingsForm = z
  .strictObject(
    {
      minDepositCents: dollars(
        DEPOSIT_FLOOR_CENTS,
        DEPOSIT_CEILING_CENTS,
        "Enter a minimum from $1 to $1,000,000.",
      ),
      maxDepositCents: dollars(
        DEPOSIT_FLOOR_CENTS,
        DEPOSIT_CEILING_CENTS,
        "Enter a maximum from $1 to $1,000,000.",
      ),
      newUserBonusCents: dollars(cents(0), BONUS_CEILING_CENTS, "Enter a bonus from $0 (none) to $1,000."),
      autoOrdersEnabled: checkbox,
      maintenanceMode: checkbox,
      refundHoldHours: z
        .string()
        .trim()
        .regex(/^\d{1,3}$/, SETTINGS_TEXT.badRefundHold)
        .transform(Number)
        .refine((hours) => hours <= REFUND_HOLD_MAX_HOURS, SETTINGS_TEXT.badRefundHold)
        .optional(),
    },
    { error: UNKNOWN_FIELD_TEXT },
  )
  .refine((form) => form.maxDepositCents >= form.minDepositCents, {
    path: ["maxDepositCents"],
    message: SETTINGS_TEXT.depositRange,
  });

/** A whole number typed in a form, from min to max, or the given message. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);

/**
 * The affiliate programme's part of the Settings tab (product rules 16.10, docs/decisions/056): the commission's
 * share, the attribution window, the least payout and the days between payouts, and the referral bonus; strict.
 */
export const affiliateSettingsForm = z.strictObject(
  {
    affiliateCommissionPercent: wholeNumber(
      0,
      AFFILIATE_LIMITS.commissionPercentMax,
      SETTINGS_TEXT.badCommissionPercent,
    ),
    affiliateAttributionDays: wholeNumber(
      1,
      AFFILIATE_LIMITS.attributionDaysMax,
      SETTINGS_TEXT.badAttributionDays,
    ),
    affiliateMinimumPayoutCents: dollars(cents(100), cents(100_000), SETTINGS_TEXT.badMinimumPayout),
    affiliatePayoutIntervalDays: wholeNumber(
      1,
      AFFILIATE_LIMITS.payoutIntervalDaysMax,
      SETTINGS_TEXT.badPayoutInterval,
    ),
    referralBonusCents: dollars(cents(0), cents(10_000), SETTINGS_TEXT.badReferralBonus),
  },
  { error: UNKNOWN_FIELD_TEXT },
);

const pageText = (max: number) =>
  z.string().trim().min(1, SETTINGS_TEXT.textRequired).max(max, `At most ${max} characters.`);

/** The page-content part of the Settings tab: what the home page hero and the footer show; strict. */
export const pageContentForm = z.strictObject(
  {
    heroTitle: pageText(PAGE_TEXT_MAX.heroTitle),
    heroSubtitle: pageText(PAGE_TEXT_MAX.heroSubtitle),
    supportEmail: z.email(SETTINGS_TEXT.badEmail).max(200, SETTINGS_TEXT.badEmail),
    footerText: pageText(PAGE_TEXT_MAX.footerText),
  },
  { error: UNKNOWN_FIELD_TEXT },
);
