import type { PartStatus } from "./part-outcomes.ts";

const TO_OURS: Record<string, PartStatus> = {
  pending: "pending",
  processing: "processing",
  "in progress": "in_progress",
  inprogress: "in_progress",
  completed: "completed",
  partial: "partial",
  canceled: "cancelled",
  cancelled: "cancelled",
  refunded: "cancelled",
  fail: "failed",
  failed: "failed",
  error: "failed",
};

/**
 * Our status for an upstream status word (product rules 4.6), or null for a word we do not know (the
 * order is then left as it is and polled again). Panels differ in case and spelling, so both are forgiven.
 */
export function ourStatus(upstream: string): PartStatus | null {
  return TO_OURS[upstream.trim().toLowerCase()] ?? null;
}

/** Upstream statuses after which nothing changes any more: the submission is finished. */
export function isFinal(status: PartStatus): boolean {
  return status === "completed" || status === "partial" || status === "cancelled" || status === "failed";
}

/** Remains as panels send them (a number or a numeric string), capped to 0..quantity; null when absent. */
export function parseRemains(value: unknown, quantity: number): number | null {
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : NaN;
  if (!Number.isFinite(number)) return null;
  return Math.min(Math.max(Math.trunc(number), 0), quantity);
}

/** A start count as panels send it (a number or a numeric string, "0" when they do not know); null otherwise. */
export function parseStartCount(value: unknown): number | null {
  if (typeof value === "string" && value.trim() === "") return null;
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : NaN;
  if (!Number.isSafeInteger(number) || number < 0 || number > 2_147_483_647) return null;
  return number;
}

/** What a provider's refill status word means for that part's refill (product rules 4.6, forgiving too). */
export type UpstreamRefillState = "pending" | "in_progress" | "completed" | "rejected";

const REFILL_TO_OURS: Record<string, UpstreamRefillState> = {
  pending: "pending",
  processing: "in_progress",
  "in progress": "in_progress",
  inprogress: "in_progress",
  completed: "completed",
  complete: "completed",
  rejected: "rejected",
  canceled: "rejected",
  cancelled: "rejected",
  refunded: "rejected",
  fail: "rejected",
  failed: "rejected",
  error: "rejected",
};

/** A part's refill state for a provider's `refill_status` word, or null for an unknown word (asked again later). */
export function ourRefillState(upstream: string): UpstreamRefillState | null {
  return REFILL_TO_OURS[upstream.trim().toLowerCase()] ?? null;
}
