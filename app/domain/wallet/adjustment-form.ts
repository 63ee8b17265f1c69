import { z } from "zod";
import { UNKNOWN_FIELD_TEXT } from "../admin-form.ts";
import { bulkIds, bulkStep } from "../bulk-change.ts";
import { parseDollars } from "../pricing/cents.ts";
import {
  ADJUSTMENT_DIRECTIONS,
  ADJUSTMENT_KINDS,
  ADJUSTMENT_TEXT,
  isAdjustmentAmount,
  isAdjustmentReason,
} from "./balance-adjustment.ts";

/**
 * The "Credit or debit" form of a user's admin page (intent=adjust-balance; product rules 2.8): the amount typed
 * in dollars, the reason trimmed. Strict: a field the form does not have is refused. The page checks a form with
 * it before its confirmation, the server again before adjustBalance.
 */
export const adjustmentForm = z.strictObject(
  {
    intent: z.literal("adjust-balance"),
    kind: z.enum(ADJUSTMENT_KINDS, { error: ADJUSTMENT_TEXT.kind }),
    direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: ADJUSTMENT_TEXT.direction }),
    amount: z.string({ error: ADJUSTMENT_TEXT.amount }).transform((text, ctx) => {
      const amount = parseDollars(text);
      if (amount === null || !isAdjustmentAmount(amount)) {
        ctx.addIssue({ code: "custom", message: ADJUSTMENT_TEXT.amount });
        return z.NEVER;
      }
      return amount;
    }),
    reason: z
      .string({ error: ADJUSTMENT_TEXT.reason })
      .trim()
      .refine(isAdjustmentReason, ADJUSTMENT_TEXT.reason),
  },
  { error: UNKNOWN_FIELD_TEXT },
);

export type AdjustmentFormValues = z.output<typeof adjustmentForm>;

/** The users list's bulk form (product rules 14.35): one adjustment to each ticked user, previewed first. */
export const bulkAdjustmentForm = adjustmentForm
  .omit({ intent: true })
  .extend({ intent: bulkStep, ids: bulkIds });

export const USER_NOUN = { one: "user", many: "users" } as const;
