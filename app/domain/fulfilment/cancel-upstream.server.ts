import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { fulfilments } from "../../db/schema.ts";
import type { PartOutcomes } from "./part-outcomes.ts";
import { cancelProviderOrders, ProviderError } from "./provider-client.server.ts";
import { loadProviders, transportFor } from "./provider-transport.server.ts";

type Fulfilment = typeof fulfilments.$inferSelect;

/** What cancelling the parts of an order did: nothing was with a provider, or a provider has to be asked. */
export type PartsWithdrawal = { askedUpstream: boolean };

const NOT_SENT_CANCELLED = "Not sent: the order was cancelled first";

/**
 * Withdraws an order's parts from delivery, inside the caller's transaction (which holds the order's lock):
 * parts not sent yet are closed as cancelled (nothing upstream); parts a provider has, or may have (being sent
 * right now), are marked for a `cancel` request to that provider (`cancel_state = 'due'`), sent once.
 */
export async function withdrawOrderParts(tx: Executor, orderId: string): Promise<PartsWithdrawal> {
  const parts = await tx.select().from(fulfilments).where(eq(fulfilments.orderId, orderId)).for("update");
  // A part held after its provider refused every attempt (it has a refund deadline) was never taken upstream.
  const queued = parts
    .filter(
      (part) => part.state === "queued" || (part.state === "needs_attention" && part.refundDueAt !== null),
    )
    .map((part) => part.id);
  const upstream = parts
    .filter((part) => !queued.includes(part.id) && part.state !== "done" && part.cancelState === null)
    .map((part) => part.id);
  if (queued.length)
    await tx
      .update(fulfilments)
      .set({
        state: "done",
        outcome: "cancelled",
        upstreamRemains: sql`${fulfilments.quantity}`,
        lastError: NOT_SENT_CANCELLED,
        refundDueAt: null,
        updatedAt: sql`now()`,
      })
      .where(inArray(fulfilments.id, queued));
  if (upstream.length)
    await tx
      .update(fulfilments)
      .set({ cancelState: "due", updatedAt: sql`now()` })
      .where(inArray(fulfilments.id, upstream));
  return { askedUpstream: upstream.length > 0 };
}

/**
 * Sends the `cancel` requests that are due (of one order, or all of them), each exactly once: a part is moved
 * from `due` to `sent` before its provider is called, so two callers never both ask. The provider's answer per
 * order is kept: taken (its next status says what was cancelled, and it is polled at once) or refused (the order
 * goes on). A request that never reached the provider is due again for the next round.
 */
export async function sendDueCancels(db: Database, scope: { orderId?: string } = {}): Promise<number> {
  const claimed = await db
    .update(fulfilments)
    .set({ cancelState: "sent", updatedAt: sql`now()` })
    .where(
      and(
        eq(fulfilments.cancelState, "due"),
        isNotNull(fulfilments.providerOrderId),
        eq(fulfilments.state, "submitted"),
        scope.orderId ? eq(fulfilments.orderId, scope.orderId) : undefined,
      ),
    )
    .returning();
  if (claimed.length === 0) return 0;
  const providerById = await loadProviders(db);
  for (const [providerId, rows] of Map.groupBy(claimed, (row) => row.providerId)) {
    const provider = providerById.get(providerId);
    if (provider) await askProvider(db, transportFor(db, provider), rows);
  }
  return claimed.length;
}

async function askProvider(db: Database, transport: ReturnType<typeof transportFor>, rows: Fulfilment[]) {
  let answers: Awaited<ReturnType<typeof cancelProviderOrders>>;
  try {
    answers = await cancelProviderOrders(
      transport,
      rows.map((row) => row.providerOrderId ?? ""),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Never arrived: ask again next round. Otherwise the provider may have taken it: its statuses will tell.
    const again = error instanceof ProviderError && error.kind === "not_sent";
    await note(db, rows, again ? "due" : "sent", `Cancel request: ${message}`, again);
    return;
  }
  for (const row of rows) {
    const answer = answers.get(row.providerOrderId ?? "") ?? { taken: false as const, error: "No answer" };
    if (answer.taken) await note(db, [row], "sent", null, false);
    else await note(db, [row], "refused", `The provider refused to cancel: ${answer.error}`, false);
  }
}

async function note(
  db: Database,
  rows: Fulfilment[],
  cancelState: "due" | "sent" | "refused",
  lastError: string | null,
  keepSchedule: boolean,
) {
  // A taken cancel is polled right away, so the refund follows as soon as the provider reports it.
  const nextAttempt: SQL | undefined =
    cancelState === "sent" && !keepSchedule ? sql`least(${fulfilments.nextAttemptAt}, now())` : undefined;
  await db
    .update(fulfilments)
    .set({
      cancelState,
      lastError: lastError?.slice(0, 500) ?? undefined,
      nextAttemptAt: nextAttempt,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        inArray(
          fulfilments.id,
          rows.map((row) => row.id),
        ),
        eq(fulfilments.state, "submitted"),
      ),
    );
}

/**
 * An admin takes an order over by hand (sets its status themselves): parts not sent yet are withdrawn, and the
 * caller puts the order in the manual queue. Refused ("with_provider") while a provider has a part: its status
 * follows the provider's, and stopping it means cancelling it (which asks the provider). Runs in the caller's
 * transaction, which holds the order's lock.
 */
export async function takeOverOrderParts(
  tx: Executor,
  orderId: string,
): Promise<"taken_over" | "with_provider"> {
  const parts = await tx.select().from(fulfilments).where(eq(fulfilments.orderId, orderId)).for("update");
  if (parts.some((part) => part.state === "submitting" || part.state === "submitted")) return "with_provider";
  const open = parts.filter((part) => part.state !== "done").map((part) => part.id);
  if (open.length)
    await tx
      .update(fulfilments)
      .set({ state: "done", lastError: "Not sent: taken over by an admin", updatedAt: sql`now()` })
      .where(inArray(fulfilments.id, open));
  return "taken_over";
}

/**
 * Parts of cancelled orders that went back to the queue after a failed attempt (a request that never arrived)
 * while the cancel was asked: never sent, so reported cancelled to `outcomes`; their orders end from their parts.
 */
export async function closeCancelledQueuedParts(db: Database, outcomes: PartOutcomes): Promise<number> {
  const parts = await db
    .select({ id: fulfilments.id, orderId: fulfilments.orderId, quantity: fulfilments.quantity })
    .from(fulfilments)
    .where(
      and(
        eq(fulfilments.cancelState, "due"),
        eq(fulfilments.state, "queued"),
        isNotNull(fulfilments.orderId),
      ),
    );
  for (const part of parts)
    await outcomes.partEnded(db, {
      fulfilmentId: part.id,
      orderId: part.orderId ?? "",
      outcome: "cancelled",
      remains: part.quantity,
    });
  return parts.length;
}
