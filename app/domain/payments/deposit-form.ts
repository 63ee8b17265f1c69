import { z } from "zod";
import { type Cents, cents, parseDollars } from "../pricing/cents.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { maximumDepositText, minimumDepositText } from "./deposit-limit-text.ts";
import { HOSTED_GATEWAYS } from "./gateway.ts";
import { DEPOSIT_TEXT } from "./messages.ts";

/**
 * The wallet's Add Funds form: the amount as typed (read with readDepositAmount), the page to return to, and the
 * gateway the customer chose when more than one is enabled (product rules 16.41).
 */
export const depositFormSchema = z.object({
  amount: z.string().trim().max(32).default(""),
  next: z.string().max(2000).optional(),
  gateway: z.enum(HOSTED_GATEWAYS).optional(),
});

/** The amount read, or an `invalid` refusal about the `amount` field with the toast's title. */
export type DepositAmount = { ok: true; amountCents: Cents } | Refusal;

function invalidAmount(message: string): Refusal {
  return refuse("invalid", message, { title: DEPOSIT_TEXT.invalidAmountTitle, field: "amount" });
}

/**
 * The Add Funds amount as typed, read the same way by the wallet page and its action (parseDollars), with a
 * message that says what is wrong. Nothing typed reads as $0, so it gets the minimum's message (customer spec
 * section 5). With `limits` (the page's copy of the admin settings) amounts outside them are refused too; the
 * server checks them again on fresh settings when it opens the checkout.
 */
export function readDepositAmount(
  text: string,
  limits?: { minCents: Cents; maxCents: Cents },
): DepositAmount {
  const typed = text.trim();
  const amountCents = typed === "" ? cents(0) : parseDollars(typed);
  if (amountCents === null)
    return invalidAmount(typed.includes(",") ? DEPOSIT_TEXT.commaInAmount : DEPOSIT_TEXT.notAnAmount);
  if (limits && amountCents < limits.minCents) return invalidAmount(minimumDepositText(limits.minCents));
  if (limits && amountCents > limits.maxCents) return invalidAmount(maximumDepositText(limits.maxCents));
  return { ok: true, amountCents };
}

/** Quick-pick amounts on the wallet, in cents. */
export const QUICK_DEPOSIT_CENTS = [1_000, 2_500, 5_000, 10_000] as const;

/** How long the wallet shows 'Payment Successful!' before it refreshes and follows `next` (customer spec 9). */
export const PAYMENT_RETURN_DELAY_MS = 2_000;
