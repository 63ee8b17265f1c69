/** A refill's stored statuses (product rules 4.7); no imports, so pages may show them too. */
export const REFILL_STATUSES = ["pending", "in_progress", "completed", "rejected"] as const;
export type RefillStatus = (typeof REFILL_STATUSES)[number];

/** Statuses of a refill still being done: at most one per order (the refills_one_open_per_order index). */
export const OPEN_REFILL_STATUSES: readonly RefillStatus[] = ["pending", "in_progress"];

/** The panels' standard words for a refill's status (API v2 `refill_status`), also what customers see. */
export const REFILL_STATUS_WORDS: Record<RefillStatus, string> = {
  pending: "Pending",
  in_progress: "In progress",
  completed: "Completed",
  rejected: "Rejected",
};

export function isOpenRefill(status: RefillStatus): boolean {
  return OPEN_REFILL_STATUSES.includes(status);
}
