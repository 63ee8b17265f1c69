import { z } from "zod";

/** The message beside the threshold field when it is not an amount. */
export const BALANCE_ALERT_TEXT = {
  badAmount:
    "Enter an amount in the provider's currency, for example 25 or 12.50, or leave it empty for no alert.",
  saved: "Balance alert saved",
} as const;

/**
 * A provider's balance alert (product rules 14.24): the amount, in the provider's own currency, below which the
 * operator is alerted; empty for no alert.
 */
export const balanceAlertForm = z.object({
  balanceAlertBelow: z
    .string()
    .trim()
    .max(20, BALANCE_ALERT_TEXT.badAmount)
    .refine((text) => text === "" || /^\d{1,10}(\.\d{1,4})?$/.test(text), BALANCE_ALERT_TEXT.badAmount)
    .transform((text) => (text === "" ? null : text)),
});
