import { z } from "zod";
import { UNKNOWN_FIELD_TEXT } from "../admin-form.ts";
import { isSuspensionReason, SUSPENSION_TEXT } from "./user-controls-text.ts";

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
