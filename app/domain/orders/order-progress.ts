import type { RunPart } from "../fulfilment/read-run-parts.server.ts";
import { isPacedSpeed, paceSchedule, speedName } from "./delivery-pace.ts";
import type { DeliverySpeed } from "./delivery-speeds.ts";
import { dripFeedSchedule } from "./orders-page-text.ts";

/**
 * How an order is delivered and how far it got, as /orders, the admin's order page and the mails say it
 * (product rules 4.20 to 4.22). Pure: the reads are the callers'.
 */

/** An order's pace in words: its speed's runs, a drip-feed's, or sent at once. */
export function orderDeliveryLine(order: {
  deliverySpeed: DeliverySpeed;
  quantity: number;
  runs: number | null;
  intervalMinutes: number | null;
  paced: boolean;
}): string {
  if (order.runs !== null && order.intervalMinutes !== null) {
    const schedule = { runs: order.runs, intervalMinutes: order.intervalMinutes };
    return order.paced && isPacedSpeed(order.deliverySpeed)
      ? `${speedName(order.deliverySpeed)}: ${paceSchedule(schedule, order.quantity)}`
      : `Drip-feed: ${dripFeedSchedule(order.runs, order.intervalMinutes)}`;
  }
  return order.deliverySpeed === "fast" ? `${speedName("fast")}: sent at once` : "Sent at once";
}

/**
 * Whole runs delivered: the whole runs the delivered units make (the API's `runs` reads it the same way). A paced
 * order's earlier runs take the remainder unit, so k runs ended in full count as exactly k.
 */
export function runsDelivered(order: { quantity: number; remains: number; runs: number }): number {
  if (order.quantity <= 0) return 0;
  return Math.floor(((order.quantity - order.remains) * order.runs) / order.quantity);
}

/** One run as /orders lists it: its units, what is left of them, and where it stands. */
export type RunProgress = {
  run: number;
  quantity: number;
  left: number;
  state: "delivered" | "partial" | "not_delivered" | "sent" | "due";
  /** When it is (or was) due: the order's placing + (run - 1) x interval. */
  dueAt: string;
};

export type OrderRunsProgress = {
  delivered: number;
  total: number;
  runs: RunProgress[];
  lastRunDueAt: string;
};

/** When run `run` of an order is due (docs/decisions/021: placed + (run - 1) x interval). */
export function runDueAt(placedAt: Date, intervalMinutes: number, run: number): Date {
  return new Date(placedAt.getTime() + (run - 1) * intervalMinutes * 60_000);
}

/** The runs of a drip-feed or paced order and how far each got; null for an order delivered in one go. */
export function orderRunsProgress(
  order: {
    createdAt: Date;
    quantity: number;
    remains: number;
    runs: number | null;
    intervalMinutes: number | null;
  },
  parts: readonly RunPart[],
): OrderRunsProgress | null {
  if (order.runs === null || order.intervalMinutes === null) return null;
  const interval = order.intervalMinutes;
  return {
    delivered: runsDelivered({ quantity: order.quantity, remains: order.remains, runs: order.runs }),
    total: order.runs,
    runs: parts.map((part) => ({
      run: part.run,
      quantity: part.quantity,
      left: runLeft(part),
      state: runState(part),
      dueAt: runDueAt(order.createdAt, interval, part.run).toISOString(),
    })),
    lastRunDueAt: runDueAt(order.createdAt, interval, order.runs).toISOString(),
  };
}

function runLeft(part: RunPart): number {
  if (!part.done || part.outcome === null) return part.quantity;
  if (part.outcome === "completed") return 0;
  if (part.outcome === "partial") return Math.min(Math.max(part.remains ?? 0, 0), part.quantity);
  return part.quantity;
}

function runState(part: RunPart): RunProgress["state"] {
  if (part.done) {
    if (part.outcome === "completed") return "delivered";
    if (part.outcome === "partial") return "partial";
    return "not_delivered";
  }
  return part.sent ? "sent" : "due";
}

/** A run's state in words. */
export const RUN_STATE_WORDS: Record<RunProgress["state"], string> = {
  delivered: "Delivered",
  partial: "Partly delivered",
  not_delivered: "Not delivered",
  sent: "With the provider",
  due: "Due",
};
