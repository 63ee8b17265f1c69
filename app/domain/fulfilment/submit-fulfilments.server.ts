import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { autoOrders, fulfilments } from "../../db/schema.ts";
import { setOrderStatus } from "../orders/set-order-status.server.ts";
import { MAX_SUBMIT_ATTEMPTS, retryDelaySeconds } from "./back-off.ts";
import { addProviderOrder, addProviderSubscription, ProviderError } from "./provider-client.server.ts";
import { loadProviders, type ProviderRow, transportFor } from "./provider-transport.server.ts";

type Fulfilment = typeof fulfilments.$inferSelect;

export type SubmitOptions = {
  leaseSeconds: number;
  pollSeconds: number;
  /** Runs right after a successful `add`, before it is recorded (the crash test's fault injection). */
  afterAdd?: () => void;
  limit?: number;
};

const INTERRUPTED =
  "Interrupted while submitting: this provider does not take idempotency keys, so check on its side " +
  "whether the order exists before retrying";

/**
 * Sends due submissions to their providers. A row is claimed (FOR UPDATE SKIP LOCKED, so two workers never
 * take the same one) and marked `submitting` with a lease before `add` is called; only a recorded provider
 * order id ends that state. A row still `submitting` after its lease was interrupted (a crash or a lost
 * answer): it is re-sent with the same idempotency key where the provider honours keys, and otherwise held
 * for an admin rather than risk a second upstream order.
 */
export async function submitDueFulfilments(db: Database, options: SubmitOptions): Promise<number> {
  const claimed = await claimDue(db, options);
  if (claimed.length === 0) return 0;
  const providerById = await loadProviders(db);
  for (const row of claimed) {
    const provider = providerById.get(row.providerId);
    if (provider) await submitOne(db, provider, row, options);
  }
  return claimed.length;
}

async function claimDue(db: Database, options: SubmitOptions): Promise<Fulfilment[]> {
  const limit = options.limit ?? 20;
  return db.transaction(async (tx) => {
    // Interrupted submissions to providers without idempotency keys: never re-sent blindly.
    await tx.execute(sql`
      update fulfilments f set state = 'needs_attention', last_error = ${INTERRUPTED}, updated_at = now()
      from providers p
      where p.id = f.provider_id and f.state = 'submitting' and f.next_attempt_at <= now()
        and not (p.supports_idempotency or p.is_simulated)`);
    const result = await tx.execute<{ id: string }>(sql`
      update fulfilments set state = 'submitting', attempts = attempts + 1, updated_at = now(),
        next_attempt_at = now() + make_interval(secs => ${options.leaseSeconds})
      where id in (
        select f.id from fulfilments f
        left join orders o on o.id = f.order_id
        left join auto_orders a on a.id = f.auto_order_id
        where f.next_attempt_at <= now() and f.state in ('queued', 'submitting')
          and (o.status = 'pending' or a.status = 'active' or f.state = 'submitting')
        order by f.next_attempt_at
        limit ${limit}
        for update of f skip locked)
      returning id`);
    const ids = result.rows.map((row) => row.id);
    if (ids.length === 0) return [];
    return tx.select().from(fulfilments).where(inArray(fulfilments.id, ids));
  });
}

async function submitOne(db: Database, provider: ProviderRow, row: Fulfilment, options: SubmitOptions) {
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
            posts: await remainingPosts(db, row.autoOrderId),
            idempotencyKey,
          })
        : await addProviderOrder(transport, {
            service: row.providerServiceId,
            link: row.link,
            quantity: row.quantity,
            idempotencyKey,
          });
  } catch (error) {
    await recordFailure(db, row, error, idempotencyKey !== undefined);
    return;
  }
  options.afterAdd?.();
  await db
    .update(fulfilments)
    .set({
      state: "submitted",
      providerOrderId,
      lastError: null,
      upstreamStatus: "Pending",
      nextAttemptAt: sql`now() + make_interval(secs => ${options.pollSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(fulfilments.id, row.id), eq(fulfilments.state, "submitting")));
}

async function remainingPosts(db: Database, autoOrderId: string): Promise<number> {
  const [row] = await db
    .select({ remaining: autoOrders.remainingPosts })
    .from(autoOrders)
    .where(eq(autoOrders.id, autoOrderId));
  return row?.remaining ?? 0;
}

/**
 * A refused `add` (the provider said no: nothing was created) is retried with back-off, and after the last
 * attempt the order fails and is refunded in full. A lost answer may have created an order: it is retried
 * only with an idempotency key, otherwise held for an admin.
 */
async function recordFailure(db: Database, row: Fulfilment, error: unknown, keyed: boolean) {
  const message = error instanceof Error ? error.message : String(error);
  const refused = error instanceof ProviderError && error.kind === "refused";
  const exhausted = row.attempts >= MAX_SUBMIT_ATTEMPTS;
  if ((refused || keyed) && !exhausted) {
    await setState(db, row, "queued", message, retryDelaySeconds(row.attempts));
    return;
  }
  if (refused && row.orderId) {
    await setState(db, row, "done", message, 0);
    await setOrderStatus(db, { orderId: row.orderId, status: "failed" });
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
) {
  await db
    .update(fulfilments)
    .set({
      state,
      lastError: lastError.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(fulfilments.id, row.id), eq(fulfilments.state, "submitting")));
}
