import { BULK_ORDER_VERBS, bulkOrderForm, ORDER_NOUN } from "../../domain/orders/bulk-order-actions.ts";
import {
  changeOrdersInBulk,
  previewBulkOrderChange,
} from "../../domain/orders/change-orders-in-bulk.server.ts";
import { previewBulkResend, resendOrdersInBulk } from "../../domain/orders/resend-orders-in-bulk.server.ts";
import type { Database } from "../../lib/database-context.server.ts";
import { answerBulkForm } from "../shared/bulk-form.server.ts";

/** The orders list's bulk form (product rules 14.32): cancel, set a status or resend, previewed, then each order changed. */
export function answerBulkOrdersForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown>; listUrl: string },
) {
  return answerBulkForm({
    parsed: bulkOrderForm.safeParse(input.form),
    nouns: ORDER_NOUN.many,
    listUrl: input.listUrl,
    preview: async ({ ids, action }) => {
      const preview =
        action === "resend"
          ? await previewBulkResend(db, ids)
          : await previewBulkOrderChange(db, { ids, action });
      return {
        question: preview.question,
        details: preview.details,
        ids: preview.ids,
        fields: { action },
        confirm: BULK_ORDER_VERBS[action].confirm,
      };
    },
    apply: ({ ids, action }) =>
      action === "resend"
        ? resendOrdersInBulk(db, { adminId: input.adminId, ids })
        : changeOrdersInBulk(db, { adminId: input.adminId, ids, action }),
  });
}
