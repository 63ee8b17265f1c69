import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { autoOrders, fulfilments } from "../../db/schema.ts";
import { MAX_SUBMIT_ATTEMPTS, notSentRetrySeconds, retryDelaySeconds } from "./back-off.ts";
import type { PartOutcomes } from "./part-outcomes.ts";
import { addProviderOrder, addProviderSubscription, ProviderError } from "./provider-client.server.ts";
import { loadProviders, type ProviderRow, transportFor } from "./provider-transport.server.ts";
import { recordSubmitted, type SubmissionRecorder } from "./record-submissions.server.ts";
import { holdGivenUpPart } from "./refund-hold.server.ts";

export type Fulfilment = typeof fulfilments.$inferSelect;

export type SubmitOptions = {
  leaseSeconds: number;
  pollSeconds: number;
  /** Runs right after a successful `add`, before it is recorded (the crash test's fault injection). */
  afterAdd?: () => void;
  /** Submissions claimed at once. */
  limit?: number;
  /** Requests in flight to one provider at a time (from this process). */
  concurrencyPerProvider?: number;
  /** Where a part that failed for good is reported (its order ends from its parts). */
  outcomes: PartOutcomes;
};

/** Requests in flight to one provider from one worker process, unless configured. */
export const DEFAULT_CONCURRENCY_PER_PROVIDER = 32;

const INTERRUPTED =
  "Interrupted while submitting: this provider does not take idempotency keys, so check on its side " +
  "whether the order exists before retrying";

/**
 * Sends due submissions to their providers, several at once (at most `concurrencyPerProvider` requests in
 * flight per provider). A row is claimed (FOR UPDATE SKIP LOCKED, so two workers never take the same one) and
 * marked `submitting` with a lease before `add` is called; only a recorded provider order id ends that state. A
 * row still `submitting` after its lease was interrupted (a crash or a lost answer): it is re-sent with the same
 * idempotency key where the provider honours keys, and otherwise held for an admin rather than risk a second
 * upstream order. Returns how many rows it claimed.
 */
export async function submitDueFulfilments(db: Database, options: SubmitOptions): Promise<number> {
  const concurrency = options.concurrencyPerProvider ?? DEFAULT_CONCURRENCY_PER_PROVIDER;
  const claimed = await claimDueSubmissions(db, options.limit ?? concurrency * 4, options.leaseSeconds);
  if (claimed.length === 0) return 0;
  const providerById = await loadProviders(db);
  const byProvider = Map.groupBy(claimed, (row) => row.providerId);
  await Promise.all(
    [...byProvider].map(([providerId, rows]) => {
      const provider = providerById.get(providerId);
      if (!provider) return Promise.resolve();
      return inParallel(rows, concurrency, (row) => submitClaimed(db, provider, row, options));
    }),
  );
  return claimed.length;
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Submissions interrupted while being sent (their lease ran out in `submitting`) to providers without
 * idempotency keys: never re-sent blindly, held for an admin. Run before claiming (each round).
 */
export async function holdInterruptedSubmissions(db: Database): Promise<void> {
  await db.execute(sql`
    update fulfilments f set state = 'needs_attention', last_error = ${INTERRUPTED}, updated_at = now()
    from providers p
    where p.id = f.provider_id and f.state = 'submitting' and f.next_attempt_at <= now()
      and not (p.supports_idempotency or p.is_simulated)`);
}

/**
 * Claims up to `limit` due submissions for this worker, oldest due first (fulfilments_sendable_idx), in one
 * statement: marked `submitting` under a lease of `leaseSeconds`. An interrupted one is taken again only for a
 * provider that honours idempotency keys (re-sent with the same key).
 */
export async function claimDueSubmissions(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<Fulfilment[]> {
  return db
    .update(fulfilments)
    .set({
      state: "submitting",
      attempts: sql`${fulfilments.attempts} + 1`,
      updatedAt: sql`now()`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(
      inArray(
        fulfilments.id,
        sql`(
          select f.id from fulfilments f
          left join orders o on o.id = f.order_id
          left join auto_orders a on a.id = f.auto_order_id
          where f.next_attempt_at <= now() and f.state in ('queued', 'submitting')
            and (f.state = 'queued' or exists (select 1 from providers p where p.id = f.provider_id
              and (p.supports_idempotency or p.is_simulated)))
            and (o.status in ('pending', 'processing', 'in_progress') or a.status = 'active'
              or f.state = 'submitting')
            and (o.cancel_requested_at is null or f.state = 'submitting')
          order by f.next_attempt_at
          limit ${limit}
          for update of f skip locked)`,
      ),
    )
    .returning();
}

/** Sends one claimed submission to its provider and records the answer (or why there was none). */
export async function submitClaimed(
  db: Database,
  provider: ProviderRow,
  row: Fulfilment,
  options: Pick<SubmitOptions, "pollSeconds" | "afterAdd" | "outcomes"> & { recorder?: SubmissionRecorder },
) {
  const transport = transportFor(db, provider);
  const idempotencyKey =
    provider.supportsIdempotency || provider.isSimulated ? row.idempotencyKey : undefined;
  let providerOrderId: string;
  try {
    providerOrderId =
      row.postNumber === 0 && row.autoOrderId
        ? await addProviderSubscription(transport, {
            service: row.providerServiceId,
            username: row.link,
            quantity: row.quantity,
            ...(await subscriptionTerms(db, row.autoOrderId)),
            idempotencyKey,
          })
        : await addProviderOrder(transport, {
            service: row.providerServiceId,
            link: row.link,
            quantity: row.quantity,
            comments: row.comments ?? undefined,
            idempotencyKey,
          });
  } catch (error) {
    await recordFailure(db, row, error, idempotencyKey !== undefined, options.outcomes);
    return;
  }
  options.afterAdd?.();
  const accepted = { fulfilmentId: row.id, providerOrderId };
  if (options.recorder) await options.recorder.record(accepted);
  else await recordSubmitted(db, [accepted], options.pollSeconds);
}

/** What a subscription upstream is for: the posts left, the delay and the expiry day (docs/decisions/023). */
async function subscriptionTerms(db: Database, autoOrderId: string) {
  const [row] = await db
    .select({
      posts: autoOrders.remainingPosts,
      delayMinutes: autoOrders.delayMinutes,
      expiresOn: autoOrders.expiresOn,
    })
    .from(autoOrders)
    .where(eq(autoOrders.id, autoOrderId));
  return row ?? { posts: 0, delayMinutes: 0, expiresOn: null };
}

/** The panels' refusal of a second order on a link with one active ("You have active order with this link..."). */
function waitsForActiveOrder(message: string): boolean {
  return /active order with this link/i.test(message);
}

/**
 * A request that never reached the provider (connection refused, DNS or TLS failure) is simply sent again
 * later, as often as it takes. A refused `add` (the provider said no: nothing was created) is retried with
 * back-off, and after the last attempt the part is held for the operator until its refund deadline (then it fails and
 * the order is refunded for it, by the round's sweep: failOverdueHeldParts). A lost answer may have
 * created an order: it is retried (with back-off, for as long as it takes) only with an idempotency key, and
 * otherwise held for an admin: the one case where a person has to look.
 */
async function recordFailure(
  db: Database,
  row: Fulfilment,
  error: unknown,
  keyed: boolean,
  outcomes: PartOutcomes,
) {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ProviderError && error.kind === "not_sent") {
    // Not an attempt the provider saw: it does not count towards giving up.
    await setState(db, row, "queued", message, notSentRetrySeconds(row.createdAt), { uncount: true });
    return;
  }
  const refused = error instanceof ProviderError && error.kind === "refused";
  if (refused && waitsForActiveOrder(message)) {
    // The provider has an order of ours on this link and service that has not ended (another part, the last
    // drip-feed run): not a failure, the part waits for it, uncounted (product rules 4.27 on a peer panel).
    await setState(db, row, "queued", message, notSentRetrySeconds(row.createdAt), { uncount: true });
    return;
  }
  const exhausted = row.attempts >= MAX_SUBMIT_ATTEMPTS;
  // With an idempotency key a lost answer is safe to ask again, however often: the key returns the first order.
  if ((refused && !exhausted) || (keyed && !refused)) {
    await setState(db, row, "queued", message, retryDelaySeconds(row.attempts));
    return;
  }
  if (refused && row.orderId) {
    // Held for the operator until its refund deadline (product rules 14.12), unless the settings hold none.
    if ((await holdGivenUpPart(db, row.id, message)) !== "no_hold") return;
    await db
      .update(fulfilments)
      .set({ lastError: message.slice(0, 500) })
      .where(eq(fulfilments.id, row.id));
    await outcomes.partEnded(db, {
      fulfilmentId: row.id,
      orderId: row.orderId,
      outcome: "failed",
      remains: row.quantity,
    });
    return;
  }
  await setState(db, row, "needs_attention", keyed ? message : `${message}. ${INTERRUPTED}`, 0);
}

async function setState(
  db: Database,
  row: Fulfilment,
  state: "queued" | "done" | "needs_attention",
  lastError: string,
  delaySeconds: number,
  options: { uncount?: boolean } = {},
) {
  await db
    .update(fulfilments)
    .set({
      state,
      lastError: lastError.slice(0, 500),
      attempts: options.uncount ? sql`greatest(${fulfilments.attempts} - 1, 0)` : undefined,
      nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(fulfilments.id, row.id), eq(fulfilments.state, "submitting")));
}
