import type { UpstreamRefillState } from "../fulfilment/upstream-status.ts";
import type { RefillStatus } from "./refill-status.ts";

/** One forwarded part of a refill as the refill's status reads it. */
export type RefillPart = {
  done: boolean;
  outcome: "completed" | "rejected" | null;
  /** What the provider last said of it; null before it answered `refill_status`. */
  upstream: UpstreamRefillState | null;
  error: string | null;
};

/**
 * A provider refill's status from its parts (docs/decisions/022): ended once every part has; completed when a
 * provider refilled at least one part (the others' refusals kept as its note), rejected when none did; until
 * then in progress once a provider works on a part, pending before.
 */
export function refillProgress(parts: RefillPart[]): { status: RefillStatus; error: string | null } {
  if (parts.length === 0) return { status: "pending", error: null };
  const errors = parts.filter((part) => part.outcome === "rejected").map((part) => part.error ?? "Rejected");
  const error = errors.length ? [...new Set(errors)].join("; ").slice(0, 500) : null;
  if (parts.every((part) => part.done))
    return parts.some((part) => part.outcome === "completed")
      ? { status: "completed", error }
      : { status: "rejected", error };
  const working = parts.some(
    (part) =>
      part.outcome === "completed" || part.upstream === "in_progress" || part.upstream === "completed",
  );
  return { status: working ? "in_progress" : "pending", error: null };
}
