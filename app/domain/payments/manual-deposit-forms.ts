import { z } from "zod";
import { checkbox, UNKNOWN_FIELD_TEXT } from "../admin-form.ts";
import { parseDollars } from "../pricing/cents.ts";
import {
  INSTRUCTIONS_MAX,
  MANUAL_CLAIM_ADMIN_TEXT,
  MANUAL_DEPOSIT_TEXT,
  MANUAL_METHOD_TEXT,
  METHOD_NAME_MAX,
  REASON_MAX,
  REFERENCE_MAX,
  REVIEW_NOTE_MAX,
  REVIEW_TEXT,
} from "./manual-deposit-text.ts";

/**
 * The forms of manual deposits and the review of payment events (product rules 16.27, 16.50-16.59): strict, so a
 * field a form does not have is refused. Pure, so a page checks a form with the same schema its action uses.
 */

const uuid = z.uuid({ error: MANUAL_DEPOSIT_TEXT.method });

/** The wallet's claim: which method, the amount as typed (read by readDepositAmount) and the transfer's reference. */
export const manualClaimForm = z.strictObject(
  {
    methodId: uuid,
    amount: z.string().trim().max(32).default(""),
    reference: z
      .string({ error: MANUAL_DEPOSIT_TEXT.reference })
      .trim()
      .min(1, MANUAL_DEPOSIT_TEXT.reference)
      .max(REFERENCE_MAX, MANUAL_DEPOSIT_TEXT.reference),
  },
  { error: UNKNOWN_FIELD_TEXT },
);

/** A dollar amount of a method's limits. */
const dollars = z.string({ error: MANUAL_METHOD_TEXT.amount }).transform((text, ctx) => {
  const amount = parseDollars(text);
  if (amount === null || amount <= 0) {
    ctx.addIssue({ code: "custom", message: MANUAL_METHOD_TEXT.amount });
    return z.NEVER;
  }
  return amount;
});

/** The admin's editor of a method (intent=save-method): a new one without `id`. */
export const manualMethodForm = z
  .strictObject(
    {
      intent: z.literal("save-method"),
      id: z.uuid({ error: MANUAL_METHOD_TEXT.notFound }).optional(),
      name: z
        .string({ error: MANUAL_METHOD_TEXT.name })
        .trim()
        .min(1, MANUAL_METHOD_TEXT.name)
        .max(METHOD_NAME_MAX, MANUAL_METHOD_TEXT.name),
      instructions: z
        .string({ error: MANUAL_METHOD_TEXT.instructions })
        .trim()
        .min(1, MANUAL_METHOD_TEXT.instructions)
        .max(INSTRUCTIONS_MAX, MANUAL_METHOD_TEXT.instructions),
      min: dollars,
      max: dollars,
      enabled: checkbox,
    },
    { error: UNKNOWN_FIELD_TEXT },
  )
  .refine((form) => form.max >= form.min, { message: MANUAL_METHOD_TEXT.limits, path: ["max"] });

/** Approving a claim (intent=approve-claim): the credit itself, through applyGatewayEvent. */
export const approveClaimForm = z.strictObject(
  { intent: z.literal("approve-claim"), depositId: z.uuid({ error: MANUAL_CLAIM_ADMIN_TEXT.notFound }) },
  { error: UNKNOWN_FIELD_TEXT },
);

/** Rejecting a claim (intent=reject-claim) with the reason the customer reads. */
export const rejectClaimForm = z.strictObject(
  {
    intent: z.literal("reject-claim"),
    depositId: z.uuid({ error: MANUAL_CLAIM_ADMIN_TEXT.notFound }),
    reason: z
      .string({ error: MANUAL_CLAIM_ADMIN_TEXT.reason })
      .trim()
      .min(3, MANUAL_CLAIM_ADMIN_TEXT.reason)
      .max(REASON_MAX, MANUAL_CLAIM_ADMIN_TEXT.reason),
  },
  { error: UNKNOWN_FIELD_TEXT },
);

/** Marking a payment event reviewed (intent=mark-reviewed) with what the admin did about it. */
export const markReviewedForm = z.strictObject(
  {
    intent: z.literal("mark-reviewed"),
    eventId: z.string().min(1).max(255),
    note: z
      .string({ error: REVIEW_TEXT.note })
      .trim()
      .min(3, REVIEW_TEXT.note)
      .max(REVIEW_NOTE_MAX, REVIEW_TEXT.note),
  },
  { error: UNKNOWN_FIELD_TEXT },
);
