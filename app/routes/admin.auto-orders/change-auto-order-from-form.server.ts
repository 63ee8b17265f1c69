import { z } from "zod";
import {
  ADMIN_AUTO_ORDER_STATUSES,
  ADMIN_AUTO_ORDER_TEXT,
  adminCancelRefunded,
} from "../../domain/auto-orders/admin-change-messages.ts";
import {
  cancelAutoOrder,
  completeAutoOrder,
  pauseAutoOrder,
  resumeAutoOrder,
  setRemainingPosts,
} from "../../domain/auto-orders/change-auto-order.server.ts";
import type { Notice } from "../../domain/orders/messages.ts";
import { type Refusal, refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

const statusForm = z
  .object({
    intent: z.literal("set-status"),
    autoOrderId: z.uuid(),
    status: z.enum(ADMIN_AUTO_ORDER_STATUSES),
  })
  .strict();

// The number is checked against the order's own total by setRemainingPosts; here only its shape is read, so
// "-1", "1.5" and "11" all reach the one message that names the allowed range.
const remainingForm = z
  .object({
    intent: z.literal("set-remaining"),
    autoOrderId: z.uuid(),
    remainingPosts: z
      .string()
      .trim()
      .max(12)
      .transform((text) => (/^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN)),
  })
  .strict();

/** The fields of the admin auto-orders forms (for the page's form reader). */
export const autoOrderChangeForms = [statusForm, remainingForm] as const;

export type AutoOrderChangeAnswer = { ok: boolean; notice: Notice };

/**
 * An admin's change to an auto order from a submitted form (intent set-status or set-remaining), made through
 * the auto order functions with the admin as actor, so a cancel refunds the remaining posts once and every
 * change is written to admin_audit_log.
 */
export async function changeAutoOrderFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<AutoOrderChangeAnswer> {
  const admin = { kind: "admin" as const, adminId: input.adminId };
  if (input.form.intent === "set-remaining") {
    const parsed = remainingForm.safeParse(input.form);
    if (!parsed.success) {
      const notWhole = refuse("invalid", "Enter the remaining posts as a whole number.");
      return refused(notWhole, ADMIN_AUTO_ORDER_TEXT.remainingFailed);
    }
    const result = await setRemainingPosts(db, admin, parsed.data.autoOrderId, parsed.data.remainingPosts);
    if (!result.ok) return refusalAnswer(result).body;
    return {
      ok: true,
      notice: {
        title: ADMIN_AUTO_ORDER_TEXT.remainingUpdated,
        message: `${result.remainingPosts} of ${result.totalPosts} posts remaining.`,
      },
    };
  }
  const parsed = statusForm.safeParse(input.form);
  if (!parsed.success) {
    const unknown = refuse("invalid", "Choose a valid status for an existing auto order.");
    return refused(unknown, ADMIN_AUTO_ORDER_TEXT.statusFailed);
  }
  const { autoOrderId, status } = parsed.data;
  const change =
    status === "paused"
      ? pauseAutoOrder
      : status === "active"
        ? resumeAutoOrder
        : status === "cancelled"
          ? cancelAutoOrder
          : completeAutoOrder;
  const result = await change(db, admin, autoOrderId);
  if (!result.ok) return refused(result, ADMIN_AUTO_ORDER_TEXT.statusFailed);
  return {
    ok: true,
    notice: {
      title: ADMIN_AUTO_ORDER_TEXT.statusUpdated,
      message: result.refundCents > 0 ? adminCancelRefunded(result.refundCents) : "",
    },
  };
}

/** A refused change as the list's form shows it: the list's own title, the refusal's text. */
function refused(refusal: Refusal, title: string): AutoOrderChangeAnswer {
  return refusalAnswer({ ...refusal, title }).body;
}
