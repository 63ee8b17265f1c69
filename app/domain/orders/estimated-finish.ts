import { runDueAt } from "./order-progress.ts";

const FINAL = new Set(["completed", "partial", "cancelled", "failed"]);

/**
 * When a running order should be finished (product rules 4.24), or null when there is no basis: a drip-feed or
 * paced order's last run's due time plus its service's median completion time (the schedule alone when the
 * service has none); any other order's placing plus the median. An ended order, or an estimate already passed,
 * has none: nothing is made up.
 */
export function estimatedFinish(
  order: { status: string; createdAt: Date; runs: number | null; intervalMinutes: number | null },
  medianSeconds: number | null,
  now: Date,
): string | null {
  if (FINAL.has(order.status)) return null;
  const from =
    order.runs !== null && order.intervalMinutes !== null
      ? runDueAt(order.createdAt, order.intervalMinutes, order.runs)
      : medianSeconds !== null
        ? order.createdAt
        : null;
  if (from === null) return null;
  const finish = new Date(from.getTime() + (medianSeconds ?? 0) * 1_000);
  return finish > now ? finish.toISOString() : null;
}
