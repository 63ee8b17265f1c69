import { z } from "zod";
import { bulkIds, bulkStep } from "../bulk-change.ts";
import { type AdminOrderStatus, ORDER_STATUS_LABELS } from "./order-status-labels.ts";

/**
 * The orders list's bulk actions (product rules 14.32): cancel under the cancel rules, or set one status with the
 * refund it implies. `partial` is not offered: its refund depends on each order's own remains.
 */
export const BULK_ORDER_STATUSES = [
  "cancelled",
  "processing",
  "in_progress",
  "completed",
  "failed",
] as const satisfies readonly AdminOrderStatus[];
export type BulkOrderStatus = (typeof BULK_ORDER_STATUSES)[number];

/** The bulk actions on orders: the statuses above, and resending their held or failed parts (rules 14.32). */
export const BULK_ORDER_ACTIONS = [...BULK_ORDER_STATUSES, "resend"] as const;
export type BulkOrderAction = (typeof BULK_ORDER_ACTIONS)[number];

/** What each action reads as on the bulk bar's menu, its question, its confirm button and its result. */
export const BULK_ORDER_VERBS: Record<
  BulkOrderAction,
  { menu: string; ask: string; confirm: string; done: string }
> = {
  cancelled: { menu: "Cancel", ask: "Cancel", confirm: "Cancel the orders", done: "cancelled" },
  processing: {
    menu: `Set status: ${ORDER_STATUS_LABELS.processing}`,
    ask: "Set to Processing",
    confirm: "Set them to Processing",
    done: "set to Processing",
  },
  in_progress: {
    menu: `Set status: ${ORDER_STATUS_LABELS.in_progress}`,
    ask: "Set to In progress",
    confirm: "Set them to In progress",
    done: "set to In progress",
  },
  completed: {
    menu: `Set status: ${ORDER_STATUS_LABELS.completed}`,
    ask: "Mark as Completed",
    confirm: "Mark them Completed",
    done: "set to Completed",
  },
  failed: {
    menu: `Set status: ${ORDER_STATUS_LABELS.failed}`,
    ask: "Mark as Failed",
    confirm: "Mark them Failed and refund",
    done: "set to Failed",
  },
  resend: {
    menu: "Resend held or failed parts",
    ask: "Resend the held or failed parts of",
    confirm: "Resend them",
    done: "resent",
  },
};

export const ORDER_NOUN = { one: "order", many: "orders" } as const;

/** The orders list's bulk form: the step, the action and the ticked orders. */
export const bulkOrderForm = z
  .object({ intent: bulkStep, action: z.enum(BULK_ORDER_ACTIONS), ids: bulkIds })
  .strict();
