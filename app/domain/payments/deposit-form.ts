import { z } from "zod";

/** The wallet's Add Funds form: the amount as typed (parsed with parseDollars) and the page to return to. */
export const depositFormSchema = z.object({
  amount: z.string().trim().max(32).default(""),
  next: z.string().max(2000).optional(),
});

/** Quick-pick amounts on the wallet, in cents. */
export const QUICK_DEPOSIT_CENTS = [1_000, 2_500, 5_000, 10_000] as const;

/** How long the wallet shows 'Payment Successful!' before it refreshes and follows `next` (customer spec 9). */
export const PAYMENT_RETURN_DELAY_MS = 2_000;
