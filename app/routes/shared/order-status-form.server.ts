import { ADMIN_ORDER_TEXT } from "../../domain/orders/admin-order-messages.ts";
import {
  changeOrderStatusByAdmin,
  statusChangeForm,
} from "../../domain/orders/change-order-status-by-admin.server.ts";
import type { Notice } from "../../domain/orders/messages.ts";
import { refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

/**
 * The orders' status form, which the orders list, the manual work queue and a user's page all post: parsed with
 * the orders area's schema, changed by changeOrderStatusByAdmin, answered with the toast the lists show ('Failed to
 * update order status' and the refusal's text when refused).
 */
export async function changeOrderStatusFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<{ ok: boolean; notice: Notice }> {
  const parsed = statusChangeForm.safeParse(input.form);
  const answer = parsed.success
    ? await changeOrderStatusByAdmin(db, { adminId: input.adminId, ...parsed.data })
    : refuse("invalid", ADMIN_ORDER_TEXT.invalidStatus);
  return answer.ok ? answer : refusalAnswer({ ...answer, title: ADMIN_ORDER_TEXT.statusUpdateFailed }).body;
}
