import { z } from "zod";
import { checkbox, UNKNOWN_FIELD_TEXT } from "../admin-form.ts";
import { type Cents, cents, parseDollars } from "../pricing/cents.ts";
import { PAGE_TEXT_MAX, REFUND_HOLD_MAX_HOURS, SETTINGS_TEXT } from "./settings-form-text.ts";

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
 * The money and switches part of the Settings tab (product rules 7.1), amounts typed in dollars. The
 * spec's referral bonus is not here: there is no referral programme, so the form shows it disabled (unnamed,
 * never sent), and a posted one is refused like any field the form does not have.
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
