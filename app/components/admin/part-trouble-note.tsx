import { PROVIDER_TEXT } from "../../domain/fulfilment/messages.ts";
import type { PartTrouble } from "../../domain/fulfilment/part-troubles.server.ts";
import { formatDateTime, formatTimeOfDay } from "./format.ts";

/**
 * Why an order's submission waits, on its admin row (product rules 14.11): "Retrying: <the provider's reason>,
 * next attempt 14:32 UTC (attempt 3 of 6)", or held for the operator with its refund deadline.
 */
export function PartTroubleNote({ trouble }: { trouble: PartTrouble }) {
  if (trouble.kind === "retrying")
    return (
      <p className="max-w-56 break-words text-xs font-medium text-amber-800" data-testid="order-trouble">
        {PROVIDER_TEXT.retrying(
          trouble.reason,
          formatTimeOfDay(trouble.nextAttemptAt),
          trouble.attempt,
          trouble.of,
        )}
      </p>
    );
  return (
    <p className="max-w-56 break-words text-xs font-medium text-red-700" data-testid="order-trouble">
      Held: {trouble.reason || "waiting for an admin"}.{" "}
      {trouble.refundDueAt
        ? `${PROVIDER_TEXT.heldUntil(`${formatDateTime(trouble.refundDueAt)} UTC`)}; `
        : ""}
      see Needs manual work.
    </p>
  );
}
