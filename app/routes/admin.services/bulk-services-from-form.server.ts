import {
  changeServicesInBulk,
  previewBulkServiceChange,
} from "../../domain/admin/change-services-in-bulk.server.ts";
import {
  BULK_SERVICE_CONFIRM,
  bulkServiceForm,
  SERVICE_NOUN,
} from "../../domain/catalog/bulk-service-actions.ts";
import type { Database } from "../../lib/database-context.server.ts";
import { answerBulkForm } from "../shared/bulk-form.server.ts";

/** The services list's bulk form (product rules 14.34): enable, disable, a price or a category, each saved. */
export function answerBulkServicesForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown>; listUrl: string },
) {
  return answerBulkForm({
    parsed: bulkServiceForm.safeParse(input.form),
    nouns: SERVICE_NOUN.many,
    listUrl: input.listUrl,
    preview: async ({ ids, change }) => {
      const preview = await previewBulkServiceChange(db, { ids, change });
      const fields: Record<string, string> = { action: change.action };
      if (change.action === "price") fields.price = change.pricePer1000;
      if (change.action === "category") fields.categoryId = change.categoryId ?? "";
      return { ...preview, fields, confirm: BULK_SERVICE_CONFIRM[change.action] };
    },
    apply: ({ ids, change }) => changeServicesInBulk(db, { adminId: input.adminId, ids, change }),
  });
}
