import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { fulfilments, providerCatalog } from "../../db/schema.ts";
import type { PartOutcomes } from "./part-outcomes.ts";
import { cancelProviderOrders, ProviderError } from "./provider-client.server.ts";
import { loadProviders, transportFor } from "./provider-transport.server.ts";

type Fulfilment = typeof fulfilments.$inferSelect;

/**
 * What cancelling the parts of an order did: nothing was with a provider, or a provider has to be asked; or,
 * when the caller asked only for cancels a provider takes, nothing, because a part is with a provider whose
 * catalogue says it takes no cancels.
 */
export type PartsWithdrawal = { askedUpstream: boolean } | { providerTakesNoCancels: true };

/**
 * Where an order's parts stand for a cancel (docs/decisions/046): none is with a provider yet (`not_sent`: a
 * cancel stops it now), every part a provider has is of a provider service whose catalogue says it takes cancels
 * (`provider_cancels`: the provider is asked), or one is not (`no_cancels`). A part a provider has: being sent,
 * sent, or held without a refund deadline (its answer was lost), as withdrawOrderParts reads it. An order without
 * parts (a person delivers it) is `not_sent`.
 */
export type UpstreamCancel = "not_sent" | "provider_cancels" | "no_cancels";

/** The UpstreamCancel of each of these orders, by id (/orders: what each card's Cancel would do). */
export async function readUpstreamCancels(
  db: Executor,
  orderIds: string[],
): Promise<Map<string, UpstreamCancel>> {
  if (orderIds.length === 0) return new Map();
  const withProvider = sql`(${fulfilments.state} in ('submitting', 'submitted')
    or (${fulfilments.state} = 'needs_attention' and ${fulfilments.refundDueAt} is null))`;
  const rows = await db
    .select({
      orderId: fulfilments.orderId,
      sent: sql<boolean>`bool_or(${withProvider})`,
      noCancels: sql<boolean>`bool_or(${withProvider} and ${providerCatalog.cancel} is not true)`,
    })
    .from(fulfilments)
    .leftJoin(
      providerCatalog,
      and(
        eq(providerCatalog.providerId, fulfilments.providerId),
        eq(providerCatalog.upstreamId, fulfilments.providerServiceId),
      ),
    )
    .where(inArray(fulfilments.orderId, orderIds))
    .groupBy(fulfilments.orderId);
  return new Map(
    rows.flatMap((row): [string, UpstreamCancel][] =>
      row.orderId === null
        ? []
        : [[row.orderId, !row.sent ? "not_sent" : row.noCancels ? "no_cancels" : "provider_cancels"]],
    ),
  );
}

/**
 * In a query over `services`: whether the provider service mapped to the service takes cancels by its catalogue (a
 * service its catalogue does not list: false), or null when no provider delivers the service (a person does).
 */
export function serviceProviderCancelsSql(): SQL<boolean | null> {
  return sql<boolean | null>`(select coalesce(c.cancel, false) from provider_services ps
    left join provider_catalog c on c.provider_id = ps.provider_id and c.upstream_id = ps.provider_service_id
    where ps.service_id = "services"."id")`;
}

/** Whether every one of these provider services takes cancels by its catalogue (a service not listed: no). */
async function providersTakeCancels(
  tx: Executor,
  parts: { providerId: string; providerServiceId: string }[],
): Promise<boolean> {
  if (parts.length === 0) return true;
  const listed = await tx
    .select({
      providerId: providerCatalog.providerId,
      upstreamId: providerCatalog.upstreamId,
      cancel: providerCatalog.cancel,
    })
    .from(providerCatalog)
    .where(
      inArray(
        providerCatalog.upstreamId,
        parts.map((part) => part.providerServiceId),
      ),
    );
  return parts.every((part) =>
    listed.some(
      (row) => row.providerId === part.providerId && row.upstreamId === part.providerServiceId && row.cancel,
    ),
  );
}

const NOT_SENT_CANCELLED = "Not sent: the order was cancelled first";

/**
 * Withdraws an order's parts from delivery, inside the caller's transaction (which holds the order's lock):
 * parts not sent yet are closed as cancelled (nothing upstream); parts a provider has, or may have (being sent
 * right now), are marked for a `cancel` request to that provider (`cancel_state = 'due'`), sent once.
 */
export async function withdrawOrderParts(
  tx: Executor,
  orderId: string,
  options: { onlyCancelsProvidersTake?: boolean } = {},
): Promise<PartsWithdrawal> {
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
  const withProvider = parts.filter((part) => upstream.includes(part.id));
  if (options.onlyCancelsProvidersTake && !(await providersTakeCancels(tx, withProvider)))
    return { providerTakesNoCancels: true };
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
