import { formatCount } from "../../lib/format-money.ts";
import { type DeliverySpeed, deliveryTime } from "./delivery-speeds.ts";

/**
 * What a delivery speed does to an order (product rules 4.20, docs/decisions/047): Fast sends it to the provider at
 * once; Slow and Normal spread it over their days as runs the shop sends itself, the way it sends drip-feed runs
 * (docs/decisions/021). Pure and browser-safe: the order form says what the server will do with the same numbers.
 */

/** The speeds that pace an order, and the hours their runs are spread over (the first run at once). */
export const SPEED_PACES = { slow: { hours: 120 }, normal: { hours: 48 } } as const;

export type PacedSpeed = keyof typeof SPEED_PACES;

/** Hours between two runs of a paced order: at least 6 (no more than four runs a day), at most 24 (one a day). */
export const RUN_GAP_HOURS = { min: 6, max: 24 } as const;

/** A paced order's schedule: its runs, the minutes between two, and each run's units (they add up to the order). */
export type Pace = { speed: PacedSpeed; runs: number; intervalMinutes: number; runQuantities: number[] };

/**
 * How one order is delivered at one speed: at once, paced, or too small to pace (each run must be at least the
 * service's minimum, and a speed needs at least one run a day over its days: `leastQuantity`).
 */
export type PaceVerdict =
  | { kind: "at_once" }
  | { kind: "paced"; pace: Pace }
  | { kind: "too_small"; speed: PacedSpeed; leastQuantity: number };

export function isPacedSpeed(speed: DeliverySpeed): speed is PacedSpeed {
  return speed in SPEED_PACES;
}

/** Runs a speed needs at least (one a day) and allows at most (one every 6 hours). */
function runLimits(speed: PacedSpeed): { min: number; max: number } {
  const { hours } = SPEED_PACES[speed];
  return { min: hours / RUN_GAP_HOURS.max + 1, max: hours / RUN_GAP_HOURS.min + 1 };
}

/**
 * The units of each run: ceil(quantity x k / runs) differences, so they add up to the quantity, no two differ by
 * more than one, and the earlier runs take the remainder. After k whole runs exactly floor(delivered x runs /
 * quantity) = k runs are counted as delivered, as the API's `runs` reads them.
 */
export function runQuantities(quantity: number, runs: number): number[] {
  const upTo = (run: number) => Math.ceil((quantity * run) / runs);
  return Array.from({ length: runs }, (_, index) => upTo(index + 1) - upTo(index));
}

/**
 * How `quantity` units are delivered at `speed` when each run must be at least `runMinimum` (the service's
 * minimum): as many runs as the quantity allows, up to one every 6 hours, spread evenly over the speed's hours.
 */
export function paceOrder(speed: DeliverySpeed, quantity: number, runMinimum: number): PaceVerdict {
  if (!isPacedSpeed(speed)) return { kind: "at_once" };
  const limits = runLimits(speed);
  const minimum = Math.max(1, runMinimum);
  const runs = Math.min(limits.max, Math.floor(quantity / minimum));
  if (runs < limits.min) return { kind: "too_small", speed, leastQuantity: limits.min * minimum };
  const intervalMinutes = Math.floor((SPEED_PACES[speed].hours * 60) / (runs - 1));
  return {
    kind: "paced",
    pace: { speed, runs, intervalMinutes, runQuantities: runQuantities(quantity, runs) },
  };
}

/** Minutes as the pages say them: "6 hours", "8 hours 20 minutes", "45 minutes". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hoursText = hours > 0 ? `${formatCount(hours)} ${hours === 1 ? "hour" : "hours"}` : "";
  const minutesText = rest > 0 || hours === 0 ? `${rest} ${rest === 1 ? "minute" : "minutes"}` : "";
  return [hoursText, minutesText].filter(Boolean).join(" ");
}

const SPEED_NAMES: Record<DeliverySpeed, string> = { slow: "Slow", normal: "Normal", fast: "Fast" };

/** A paced order's schedule in words: "9 runs of about 112, one every 6 hours". */
export function paceSchedule(pace: { runs: number; intervalMinutes: number }, quantity: number): string {
  const each = Math.round(quantity / pace.runs);
  return `${formatCount(pace.runs)} runs of about ${formatCount(each)}, one every ${formatMinutes(pace.intervalMinutes)}`;
}

/**
 * What the order form says a speed will do with this order, before Place Order (product rules 4.20), in the
 * words the order's page, list and mails use after.
 */
export function paceSentence(speed: DeliverySpeed, quantity: number, verdict: PaceVerdict): string {
  if (verdict.kind === "paced")
    return `${SPEED_NAMES[speed]}: ${formatCount(quantity)} delivered in ${paceSchedule(verdict.pace, quantity)}, finishing within ${deliveryTime(speed)}.`;
  if (verdict.kind === "too_small")
    return `${SPEED_NAMES[verdict.speed]} spreads an order over ${deliveryTime(verdict.speed)} from ${formatCount(verdict.leastQuantity)} units.`;
  return `${SPEED_NAMES[speed]}: all ${formatCount(quantity)} sent to the provider at once, delivered within ${deliveryTime("fast")}.`;
}

/** The texts of pacing: the server's refusals and what a page says where a speed does not apply. */
export const PACE_TEXT = {
  notPaceable: {
    title: "Delivered at once",
    message: "This service is delivered in one go: choose Fast.",
  },
  tooSmall: (speed: PacedSpeed, leastQuantity: number) => ({
    title: "Too small to spread",
    message: `${SPEED_NAMES[speed]} delivery spreads an order over ${deliveryTime(speed)} from ${formatCount(leastQuantity)} units: order more, or choose Fast.`,
  }),
  /** Beside the drip-feed box when it is ticked: its runs set the pace, the speed does not apply. */
  dripFeedReplaces: "Drip-feed sets the pace of this order: the delivery speed does not apply.",
  /** On a page whose order is delivered in one go (a pack, a package). */
  atOnce: "Delivered at once: sent to the provider as soon as it is placed.",
  /** On an automatic order's page: each post is served as it is seen, so no speed paces it. */
  perPost: "Each new post is served as soon as it is seen: the delivery speed does not apply.",
} as const;

/** The speed's name for an order's page, list and mails: "Normal (2-3 days)". */
export function speedName(speed: DeliverySpeed): string {
  return `${SPEED_NAMES[speed]} (${deliveryTime(speed)})`;
}

/** A duration as a page says it, to the minute: "2 days 4 hours", "3 hours 20 minutes", "45 minutes". */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const days = Math.floor(minutes / 1_440);
  if (days === 0) return formatMinutes(minutes);
  const hours = Math.floor((minutes % 1_440) / 60);
  const dayText = `${formatCount(days)} ${days === 1 ? "day" : "days"}`;
  return hours === 0 ? dayText : `${dayText} ${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** A service's median completion time in words (product rules 4.23). */
export function completionTimeText(medianSeconds: number): string {
  return `Average completion time: ${formatDuration(medianSeconds)} (the median of orders completed in the last 30 days)`;
}
