import { z } from "zod";
import type { Database } from "../../db/client.server.ts";
import type { Refusal } from "../refusal.ts";
import { ADMIN_AUTO_ORDER_STATUSES, type AdminAutoOrderStatus } from "./admin-change-messages.ts";
import {
  type AutoOrderChange,
  cancelAutoOrder,
  completeAutoOrder,
  pauseAutoOrder,
  resumeAutoOrder,
} from "./change-auto-order.server.ts";

/** The admin auto orders list's status form (intent=set-status), strict. */
export const autoOrderStatusForm = z
  .object({
    intent: z.literal("set-status"),
    autoOrderId: z.uuid(),
    status: z.enum(ADMIN_AUTO_ORDER_STATUSES),
  })
  .strict();

// The number is checked against the order's own total by setRemainingPosts; here only its shape is read, so
// "-1", "1.5" and "11" all reach the one message that names the allowed range.
/** The admin auto orders list's remaining posts form (intent=set-remaining), strict. */
export const remainingPostsForm = z
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

/** The fields of the admin auto orders forms (for the page's form reader). */
export const autoOrderChangeForms = [autoOrderStatusForm, remainingPostsForm] as const;

/**
 * An admin moves an auto order to the status chosen, through the auto order's own change with the admin as actor:
 * a pause, a resume, a cancel (the remaining posts refunded once) or a completion; each written to
 * admin_audit_log.
 */
export async function setAutoOrderStatusByAdmin(
  db: Database,
  input: { adminId: string; autoOrderId: string; status: AdminAutoOrderStatus },
): Promise<AutoOrderChange | Refusal> {
  const admin = { kind: "admin" as const, adminId: input.adminId };
  switch (input.status) {
    case "paused":
      return pauseAutoOrder(db, admin, input.autoOrderId);
    case "active":
      return resumeAutoOrder(db, admin, input.autoOrderId);
    case "cancelled":
      return cancelAutoOrder(db, admin, input.autoOrderId);
    case "completed":
      return completeAutoOrder(db, admin, input.autoOrderId);
  }
}
