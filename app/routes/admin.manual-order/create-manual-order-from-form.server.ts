import {
  createManualOrder,
  type ManualOrderResult,
  manualOrderForm,
  manualOrderRefused,
} from "../../domain/admin/create-manual-order.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

/** The manual order form: parsed with the admin area's schema, then createManualOrder with what it read. */
export async function createManualOrderFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<ManualOrderResult> {
  const parsed = manualOrderForm.safeParse(input.form);
  if (!parsed.success) return manualOrderRefused(parsed.error);
  return createManualOrder(db, { adminId: input.adminId, ...parsed.data });
}
