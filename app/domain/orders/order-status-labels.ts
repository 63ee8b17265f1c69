import type { orderStatusEnum } from "../../db/schema/enums.ts";

type StoredStatus = (typeof orderStatusEnum.enumValues)[number];

/**
 * Every stored order status (product rules 4.1), in the order the admin screens offer them. A plain list
 * (no runtime import of the schema) because the browser needs it too; the type keeps it equal to the enum.
 */
export const ADMIN_ORDER_STATUSES = [
  "pending",
  "processing",
  "in_progress",
  "completed",
  "partial",
  "failed",
  "cancelled",
] as const satisfies readonly StoredStatus[];
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];
// Fails to compile when the enum gains a status this list lacks.
const _everyStatus: StoredStatus extends AdminOrderStatus ? true : never = true;
void _everyStatus;

/** How each stored status reads on the admin screens: `in_progress` is shown "In progress". */
export const ORDER_STATUS_LABELS: Record<AdminOrderStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  in_progress: "In progress",
  completed: "Completed",
  partial: "Partial",
  failed: "Failed",
  cancelled: "Cancelled",
};
