import { BULK_TEXT } from "../../domain/bulk-change.ts";
import { BULK_ORDER_VERBS, bulkOrderForm } from "../../domain/orders/bulk-order-actions.ts";
import {
  changeOrdersInBulk,
  previewBulkOrderChange,
} from "../../domain/orders/change-orders-in-bulk.server.ts";
import { refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";

/**
 * The orders list's bulk form (product rules 14.32, 14.33): nothing ticked or no action is said in place; Review
 * answers with what the change would do; Confirm changes each order and goes back to the list (its filters
 * kept) with every order's outcome as the toast.
 */
export async function answerBulkOrdersForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown>; listUrl: string },
) {
  const parsed = bulkOrderForm.safeParse(input.form);
  if (!parsed.success) return refusalAnswer(refuse("invalid", BULK_TEXT.nothingTicked("orders"))).body;
  const { intent, action, ids } = parsed.data;
  if (intent === "bulk-preview") {
    const preview = await previewBulkOrderChange(db, { ids, action });
    return {
      ok: true as const,
      preview: {
        question: preview.question,
        details: preview.details,
        ids: preview.ids,
        fields: { action },
        confirm: `${BULK_ORDER_VERBS[action].ask} the ${preview.ids.length === 1 ? "order" : "orders"}`,
      },
    };
  }
  const result = await changeOrdersInBulk(db, { adminId: input.adminId, ids, action });
  return redirectWithToast(input.listUrl, { title: result.notice.title, description: result.notice.message });
}
