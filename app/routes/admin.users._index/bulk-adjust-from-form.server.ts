import {
  adjustBalancesInBulk,
  previewBulkAdjustment,
} from "../../domain/wallet/adjust-balances-in-bulk.server.ts";
import { bulkAdjustmentForm, USER_NOUN } from "../../domain/wallet/adjustment-form.ts";
import type { Database } from "../../lib/database-context.server.ts";
import { answerBulkForm } from "../shared/bulk-form.server.ts";

/** The users list's bulk form (product rules 14.35): one credit or debit to each ticked user, previewed first. */
export function answerBulkAdjustForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown>; listUrl: string; codeNeeded: boolean },
) {
  return answerBulkForm({
    parsed: bulkAdjustmentForm.safeParse(input.form),
    nouns: USER_NOUN.many,
    listUrl: input.listUrl,
    preview: async ({ intent: _intent, ...form }) => {
      const adjustment = { ...form, amountCents: form.amount };
      const preview = await previewBulkAdjustment(db, adjustment);
      return {
        ...preview,
        fields: {
          kind: form.kind,
          direction: form.direction,
          amount: (form.amount / 100).toFixed(2),
          reason: form.reason,
        },
        confirm: form.direction === "credit" ? "Credit them" : "Debit them",
        codeNeeded: input.codeNeeded,
      };
    },
    apply: ({ intent: _intent, ...form }) =>
      adjustBalancesInBulk(db, { ...form, amountCents: form.amount, adminId: input.adminId }),
  });
}
