import {
  ADMIN_AUTO_ORDER_TEXT,
  adminCancelRefunded,
} from "../../domain/auto-orders/admin-change-messages.ts";
import { setRemainingPosts } from "../../domain/auto-orders/change-auto-order.server.ts";
import {
  autoOrderStatusForm,
  remainingPostsForm,
  setAutoOrderStatusByAdmin,
} from "../../domain/auto-orders/change-auto-order-by-admin.server.ts";
import type { Notice } from "../../domain/notice.ts";
import { type Refusal, refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

export type AutoOrderChangeAnswer = { ok: boolean; notice: Notice };

/**
 * An admin's change to an auto order from a submitted form (intent set-status or set-remaining), parsed with the
 * auto orders area's schemas and made through its functions with the admin as actor, so a cancel refunds the
 * remaining posts once and every change is written to admin_audit_log; answered with the toast the list shows.
 */
export async function changeAutoOrderFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<AutoOrderChangeAnswer> {
  if (input.form.intent === "set-remaining") {
    const parsed = remainingPostsForm.safeParse(input.form);
    if (!parsed.success)
      return refused(
        refuse("invalid", ADMIN_AUTO_ORDER_TEXT.remainingNotWhole),
        ADMIN_AUTO_ORDER_TEXT.remainingFailed,
      );
    const admin = { kind: "admin" as const, adminId: input.adminId };
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
  const parsed = autoOrderStatusForm.safeParse(input.form);
  if (!parsed.success)
    return refused(
      refuse("invalid", ADMIN_AUTO_ORDER_TEXT.invalidStatus),
      ADMIN_AUTO_ORDER_TEXT.statusFailed,
    );
  const result = await setAutoOrderStatusByAdmin(db, { adminId: input.adminId, ...parsed.data });
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
