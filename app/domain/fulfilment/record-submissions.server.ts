import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { sendDueCancels } from "./cancel-upstream.server.ts";
import { sentCostCentsSql } from "./mapped-cost-sql.server.ts";

type Accepted = { fulfilmentId: string; providerOrderId: string };

/**
 * Records the provider order ids of accepted submissions (`submitting` → `submitted`), several in one statement:
 * a worker sending hundreds a second would otherwise spend a round trip on each. What waits here is at most a
 * few milliseconds old; a crash loses it like a crash right after `add` (the row is still `submitting`, re-sent
 * with its idempotency key or held: docs/decisions/008). A part whose order was cancelled on the way has its
 * provider asked right after.
 */
export class SubmissionRecorder {
  private pending: Array<Accepted & { done: () => void; failed: (error: unknown) => void }> = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly db: Database;
  private readonly pollSeconds: number;
  private readonly maxBatch: number;
  private readonly waitMs: number;

  constructor(db: Database, options: { pollSeconds: number; maxBatch?: number; waitMs?: number }) {
    this.db = db;
    this.pollSeconds = options.pollSeconds;
    this.maxBatch = options.maxBatch ?? 64;
    this.waitMs = options.waitMs ?? 5;
  }

  /** Resolves once the id is stored. */
  record(accepted: Accepted): Promise<void> {
    return new Promise((done, failed) => {
      this.pending.push({ ...accepted, done, failed });
      if (this.pending.length >= this.maxBatch) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.waitMs);
    });
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    try {
      await recordSubmitted(this.db, batch, this.pollSeconds);
      for (const entry of batch) entry.done();
    } catch (error) {
      for (const entry of batch) entry.failed(error);
    }
  }
}

/** One statement for a batch of accepted submissions; then the cancels that were waiting for their ids. */
export async function recordSubmitted(
  db: Database,
  accepted: Accepted[],
  pollSeconds: number,
): Promise<void> {
  // What the part cost is recorded as it is sent, at its mapping's cost (product rules 13.14); the provider's own
  // charge replaces it when a status answer states one (apply-upstream-status.server.ts).
  const result = await db.execute<{ order_id: string | null; cancel_state: string | null }>(sql`
    update fulfilments f set state = 'submitted', provider_order_id = a.provider_order_id, last_error = null,
      upstream_status = 'Pending', submitted_at = now(), updated_at = now(), cost_cents = ${sentCostCentsSql(sql.raw("f"))},
      next_attempt_at = now() + make_interval(secs => ${pollSeconds})
    from unnest(${`{${accepted.map((row) => row.fulfilmentId).join(",")}}`}::uuid[],
      ${toTextArray(accepted.map((row) => row.providerOrderId))}::text[]) as a(id, provider_order_id)
    where f.id = a.id and f.state = 'submitting'
    returning f.order_id, f.cancel_state`);
  const cancelled = new Set(
    result.rows.filter((row) => row.cancel_state === "due" && row.order_id).map((row) => row.order_id ?? ""),
  );
  for (const orderId of cancelled) await sendDueCancels(db, { orderId });
}

/** A PostgreSQL text[] literal: every element quoted, quotes and backslashes escaped. */
function toTextArray(values: string[]): string {
  return `{${values.map((value) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`).join(",")}}`;
}
