import { and, eq, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.server.ts";
import { refillSubmissions } from "../../db/schema.ts";
import { MAX_SUBMIT_ATTEMPTS, notSentRetrySeconds, retryDelaySeconds } from "./back-off.ts";
import type { PartOutcomes } from "./part-outcomes.ts";
import {
  ProviderError,
  readProviderRefillStatuses,
  refillProviderOrder,
  type UpstreamRefillStatus,
} from "./provider-client.server.ts";
import { loadProviders, type ProviderRow, transportFor } from "./provider-transport.server.ts";
import { ourRefillState } from "./upstream-status.ts";

type RefillSubmission = typeof refillSubmissions.$inferSelect;

/** `outcomes` hears of every refill part the round changed: the refill's status follows its parts. */
export type RefillRoundOptions = { leaseSeconds: number; pollSeconds: number; outcomes: PartOutcomes };

/** Refill requests one round sends at most, and refills one poll claims (asked 100 per `refill_status`). */
const SEND_CLAIM = 50;
const POLL_CLAIM = 500;
const STATUS_BATCH = 100;

const NO_ANSWER = "The provider did not answer the refill request";

/**
 * Claims due rows in `states` under a lease (FOR UPDATE SKIP LOCKED: parallel rounds never take the same row),
 * moving them to `state`; a send counts as an attempt.
 */
async function claim(
  db: Database,
  from: ("queued" | "sending" | "submitted")[],
  to: "sending" | "submitted",
  options: RefillRoundOptions,
  limit: number,
): Promise<RefillSubmission[]> {
  const due = db
    .select({ id: refillSubmissions.id })
    .from(refillSubmissions)
    .where(and(inArray(refillSubmissions.state, from), lte(refillSubmissions.nextAttemptAt, sql`now()`)))
    .orderBy(refillSubmissions.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(refillSubmissions)
    .set({
      state: to,
      attempts: to === "sending" ? sql`${refillSubmissions.attempts} + 1` : undefined,
      nextAttemptAt: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(inArray(refillSubmissions.id, due))
    .returning();
}

async function update(
  db: Database,
  row: RefillSubmission,
  fields: PgUpdateSetSource<typeof refillSubmissions>,
) {
  await db
    .update(refillSubmissions)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(refillSubmissions.id, row.id), eq(refillSubmissions.state, row.state)));
}

const after = (seconds: number): SQL => sql`now() + make_interval(secs => ${seconds})`;

/**
 * Sends the refills that are due to the providers that delivered their parts (the standard `refill` with the
 * part's upstream order id) and keeps each provider's refill id, to be followed with `refill_status`. A refusal
 * rejects that part with the provider's reason; a request that never arrived is sent again without counting; a
 * lost answer is sent again with back-off (a second `refill` of one order is harmless: it is a request to top up,
 * not a payment) and, after the attempts of an order submission, the part is rejected. A row left `sending` by a
 * worker that died is taken again after its lease.
 */
export async function sendDueRefills(db: Database, options: RefillRoundOptions): Promise<number> {
  const claimed = await claim(db, ["queued", "sending"], "sending", options, SEND_CLAIM);
  if (claimed.length === 0) return 0;
  const providerById = await loadProviders(db);
  for (const row of claimed) {
    const provider = providerById.get(row.providerId);
    await sendOne(db, row, provider);
    await options.outcomes.refillPartChanged(db, row.refillId);
  }
  return claimed.length;
}

async function sendOne(db: Database, row: RefillSubmission, provider: ProviderRow | undefined) {
  const sending = { ...row, state: "sending" };
  if (!provider) {
    await update(db, sending, { state: "done", outcome: "rejected", lastError: "The provider was removed" });
    return;
  }
  try {
    const providerRefillId = await refillProviderOrder(transportFor(db, provider), row.providerOrderId);
    await update(db, sending, {
      state: "submitted",
      providerRefillId,
      lastError: null,
      nextAttemptAt: after(0),
    });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const kind = error instanceof ProviderError ? error.kind : "unreachable";
    if (kind === "refused")
      await update(db, sending, { state: "done", outcome: "rejected", lastError: message });
    else if (kind === "not_sent")
      await update(db, sending, {
        state: "queued",
        attempts: sql`greatest(${refillSubmissions.attempts} - 1, 0)`,
        lastError: message,
        nextAttemptAt: after(notSentRetrySeconds(row.createdAt)),
      });
    else if (row.attempts >= MAX_SUBMIT_ATTEMPTS)
      await update(db, sending, {
        state: "done",
        outcome: "rejected",
        lastError: `${NO_ANSWER}: ${message}`,
      });
    else
      await update(db, sending, {
        state: "queued",
        lastError: message,
        nextAttemptAt: after(retryDelaySeconds(row.attempts)),
      });
  }
}

/**
 * Asks providers how the refills they took are going (`refill_status`, 100 per call) and applies the answers:
 * Completed and Rejected (or Canceled, an error for that refill) end the part, other words are kept and asked
 * again after `pollSeconds`; a provider that cannot be reached is asked again at the next interval.
 */
export async function pollDueRefills(db: Database, options: RefillRoundOptions): Promise<number> {
  const claimed = await claim(db, ["submitted"], "submitted", options, POLL_CLAIM);
  if (claimed.length === 0) return 0;
  const providerById = await loadProviders(db);
  for (const [providerId, rows] of Map.groupBy(claimed, (row) => row.providerId)) {
    const provider = providerById.get(providerId);
    for (let start = 0; start < rows.length; start += STATUS_BATCH) {
      const batch = rows.slice(start, start + STATUS_BATCH);
      let statuses: Map<string, UpstreamRefillStatus> | null = null;
      let failure = "The provider was removed";
      if (provider) {
        try {
          statuses = await readProviderRefillStatuses(
            transportFor(db, provider),
            batch.map((row) => row.providerRefillId ?? ""),
          );
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error);
        }
      }
      for (const row of batch) {
        const answer = statuses?.get(row.providerRefillId ?? "");
        if (answer) await applyRefillStatus(db, row, answer, options.pollSeconds);
        else
          await update(db, row, {
            lastError: (statuses ? "No status for this refill" : failure).slice(0, 500),
            nextAttemptAt: after(options.pollSeconds),
          });
        await options.outcomes.refillPartChanged(db, row.refillId);
      }
    }
  }
  return claimed.length;
}

async function applyRefillStatus(
  db: Database,
  row: RefillSubmission,
  answer: UpstreamRefillStatus,
  pollSeconds: number,
) {
  if (!answer.reported) {
    await update(db, row, { state: "done", outcome: "rejected", lastError: answer.error });
    return;
  }
  const state = ourRefillState(answer.status);
  if (state === "completed" || state === "rejected")
    await update(db, row, {
      state: "done",
      outcome: state,
      upstreamStatus: answer.status.slice(0, 100),
      lastError: state === "rejected" ? `The provider answered "${answer.status.slice(0, 100)}"` : null,
    });
  else
    await update(db, row, {
      upstreamStatus: answer.status.slice(0, 100),
      nextAttemptAt: after(pollSeconds),
    });
}
