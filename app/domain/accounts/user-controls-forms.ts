import { z } from "zod";
import { UNKNOWN_FIELD_TEXT } from "../admin-form.ts";
import { parseDiscountPercent } from "../pricing/discount.ts";
import { DISCOUNT_TEXT, isSuspensionReason, SUSPENSION_TEXT } from "./user-controls-text.ts";

/** The user page's "Suspend" form (intent=suspend; product rules 15.20): a reason, trimmed. Strict. */
export const suspendForm = z.strictObject(
  {
    intent: z.literal("suspend"),
    reason: z
      .string({ error: SUSPENSION_TEXT.reason })
      .trim()
      .refine(isSuspensionReason, SUSPENSION_TEXT.reason),
  },
  { error: UNKNOWN_FIELD_TEXT },
);

/** The user page's "Unsuspend" button (intent=unsuspend; product rules 15.22). */
export const unsuspendForm = z.strictObject(
  { intent: z.literal("unsuspend") },
  { error: UNKNOWN_FIELD_TEXT },
);

/** The user page's "Send password reset" button (intent=send-password-reset; product rules 15.23). */
export const passwordResetMailForm = z.strictObject(
  { intent: z.literal("send-password-reset") },
  { error: UNKNOWN_FIELD_TEXT },
);

/** The user page's admin notes (intent=save-notes; product rules 15.26); the length is checked by saveAdminNotes. */
export const adminNotesForm = z.strictObject(
  { intent: z.literal("save-notes"), notes: z.string().max(20_000) },
  { error: UNKNOWN_FIELD_TEXT },
);

/**
 * The user page's "Discount" (intent=set-discount; product rules 15.27): a percent with at most one decimal, read as
 * tenths; empty or 0 clears it. Strict.
 */
export const discountForm = z.strictObject(
  {
    intent: z.literal("set-discount"),
    discount: z
      .string({ error: DISCOUNT_TEXT.invalid })
      .max(20, DISCOUNT_TEXT.invalid)
      .transform((typed, context) => {
        const tenths = parseDiscountPercent(typed);
        if (tenths === null) context.addIssue({ code: "custom", message: DISCOUNT_TEXT.invalid });
        return tenths ?? 0;
      }),
  },
  { error: UNKNOWN_FIELD_TEXT },
);
