import { z } from "zod";
import { PAYOUT_NOTE_MAX, PAYOUT_TEXT } from "./payout-text.ts";

const payoutId = z.uuid(PAYOUT_TEXT.notFound);

/**
 * The admin payout screen's three answers (product rules 16.14): paid into the shop wallet, paid elsewhere with its
 * reference, or rejected with a reason. The code a money change asks for (product rules 15.35) is taken off first.
 */
export const payoutDecisionForm = z.discriminatedUnion("intent", [
  z.strictObject({ intent: z.literal("pay-wallet"), payoutId }),
  z.strictObject({
    intent: z.literal("pay-elsewhere"),
    payoutId,
    reference: z
      .string()
      .trim()
      .min(1, PAYOUT_TEXT.referenceRequired)
      .max(PAYOUT_NOTE_MAX, `At most ${PAYOUT_NOTE_MAX} characters.`),
  }),
  z.strictObject({
    intent: z.literal("reject"),
    payoutId,
    reason: z
      .string()
      .trim()
      .min(1, PAYOUT_TEXT.reasonRequired)
      .max(PAYOUT_NOTE_MAX, `At most ${PAYOUT_NOTE_MAX} characters.`),
  }),
]);

export type PayoutDecisionForm = z.output<typeof payoutDecisionForm>;
