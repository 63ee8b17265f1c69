import { inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { fulfilments } from "../../db/schema.ts";
import { applyUpstreamStatus } from "./apply-upstream-status.server.ts";
import { usdPerUnit } from "./exchange-rates.server.ts";
import type { PartOutcomes } from "./part-outcomes.ts";
import { readProviderStatuses } from "./provider-client.server.ts";
import { loadProviders, transportFor } from "./provider-transport.server.ts";

type Fulfilment = typeof fulfilments.$inferSelect;

/** The panel protocol's limit of orders per `status` call. */
const STATUS_BATCH = 100;
/** Submissions one poll claims (asked 100 per call). */
export const POLL_CLAIM = 500;

export type PollOptions = {
  leaseSeconds: number;
  pollSeconds: number;
  limit?: number;
  outcomes: PartOutcomes;
};

/**
 * Asks providers for the statuses of submitted orders that are due, up to 100 per call, and applies them
 * (what they mean for orders and auto orders goes to `outcomes`).
 * Rows are claimed with FOR UPDATE SKIP LOCKED and pushed out by a lease, so parallel polls never take the
 * same row; a provider that cannot be reached is asked again at the next interval.
 */
export async function pollDueFulfilments(db: Database, options: PollOptions): Promise<number> {
  const claimed = await claimDue(db, options);
  if (claimed.length === 0) return 0;
  const providerById = await loadProviders(db);
  const byProvider = Map.groupBy(claimed, (row) => row.providerId);
  for (const [providerId, rows] of byProvider) {
    const provider = providerById.get(providerId);
    if (!provider) continue;
    const transport = transportFor(db, provider);
    // Its charges are stated in its currency: read its rate once for the round (product rules 13.14).
    const rate = { usdPerUnit: await usdPerUnit(db, provider.currency) };
    for (let start = 0; start < rows.length; start += STATUS_BATCH) {
      const batch = rows.slice(start, start + STATUS_BATCH);
      try {
        const statuses = await readProviderStatuses(
          transport,
          batch.map((row) => row.providerOrderId ?? ""),
        );
        for (const row of batch) {
          const answer = statuses.get(row.providerOrderId ?? "") ?? {
            reported: false as const,
            error: "No status for this order",
          };
          await applyUpstreamStatus(db, row, answer, options.pollSeconds, options.outcomes, rate);
        }
      } catch (error) {
        await postpone(
          db,
          batch,
          error instanceof Error ? error.message : String(error),
          options.pollSeconds,
        );
      }
    }
  }
  return claimed.length;
}

async function claimDue(db: Database, options: PollOptions): Promise<Fulfilment[]> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ id: string }>(sql`
      update fulfilments set next_attempt_at = now() + make_interval(secs => ${options.leaseSeconds})
      where id in (
        select id from fulfilments
        where state = 'submitted' and next_attempt_at <= now()
        order by next_attempt_at
        limit ${options.limit ?? POLL_CLAIM}
        for update skip locked)
      returning id`);
    const ids = result.rows.map((row) => row.id);
    return ids.length ? tx.select().from(fulfilments).where(inArray(fulfilments.id, ids)) : [];
  });
}

async function postpone(db: Database, rows: Fulfilment[], message: string, pollSeconds: number) {
  await db
    .update(fulfilments)
    .set({
      lastError: message.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${pollSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(
      inArray(
        fulfilments.id,
        rows.map((row) => row.id),
      ),
    );
}
