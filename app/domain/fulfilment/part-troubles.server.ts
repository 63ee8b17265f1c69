import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { MAX_SUBMIT_ATTEMPTS } from "./back-off.ts";

/**
 * Why an order's part is not with its provider yet (product rules 14.11): its submission is being retried after
 * the provider refused it or could not be reached (the reason, when the next attempt is due, which attempt that is
 * of MAX_SUBMIT_ATTEMPTS), or it is held for the operator (the reason and, if it gave up, its refund deadline).
 */
export type PartTrouble =
  | { kind: "retrying"; reason: string; nextAttemptAt: string; attempt: number; of: number }
  | { kind: "held"; reason: string; refundDueAt: string | null };

/**
 * The troubles of the given orders' parts (a page of a list: one indexed read of those orders' parts only,
 * fulfilments_one_per_order_part), the first per order; orders without one are left out.
 */
export async function readPartTroubles(db: Executor, orderIds: string[]): Promise<Map<string, PartTrouble>> {
  const troubles = new Map<string, PartTrouble>();
  if (orderIds.length === 0) return troubles;
  const rows = await db.execute<{
    order_id: string;
    state: string;
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date | string;
    refund_due_at: Date | string | null;
  }>(sql`
    select order_id, state, attempts, last_error, next_attempt_at, refund_due_at from fulfilments
    where order_id = any(${`{${orderIds.join(",")}}`}::uuid[])
      and (state = 'needs_attention' or (state = 'queued' and last_error is not null))
    order by state = 'needs_attention' desc, part`);
  for (const row of rows.rows) {
    if (troubles.has(row.order_id)) continue;
    const reason = row.last_error ?? "";
    troubles.set(
      row.order_id,
      row.state === "needs_attention"
        ? { kind: "held", reason, refundDueAt: row.refund_due_at ? iso(row.refund_due_at) : null }
        : {
            kind: "retrying",
            reason,
            nextAttemptAt: iso(row.next_attempt_at),
            attempt: Math.min(row.attempts + 1, MAX_SUBMIT_ATTEMPTS),
            of: MAX_SUBMIT_ATTEMPTS,
          },
    );
  }
  return troubles;
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}
