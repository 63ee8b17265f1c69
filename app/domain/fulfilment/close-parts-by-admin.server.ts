import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { fulfilments, providers } from "../../db/schema.ts";

/** A part of an order that has not ended here, as an admin's override sees it (product rules 14.2). */
export type OpenPart = {
  id: string;
  part: string;
  /** queued, submitting (being sent right now), submitted (a provider has it) or needs_attention (held). */
  state: string;
  providerName: string | null;
  providerOrderId: string | null;
  cancelState: string | null;
};

/** Why a part closed by an override is closed: the shop stopped following its provider. */
export const TAKEN_OVER_NOTE =
  "Closed: an admin set the order's status, so the shop no longer follows it here";

/**
 * The parts of an order still open here. With `lock`, inside the caller's transaction (which holds the order's
 * lock, as the status poll's does), the parts are locked too, so a poll's answer either ended them before or
 * finds them closed after.
 */
export async function readOpenParts(
  tx: Executor,
  orderId: string,
  options: { lock: boolean },
): Promise<OpenPart[]> {
  const query = tx
    .select({
      id: fulfilments.id,
      part: fulfilments.part,
      state: fulfilments.state,
      providerName: providers.name,
      providerOrderId: fulfilments.providerOrderId,
      cancelState: fulfilments.cancelState,
    })
    .from(fulfilments)
    .leftJoin(providers, eq(providers.id, fulfilments.providerId))
    .where(and(eq(fulfilments.orderId, orderId), ne(fulfilments.state, "done")))
    .orderBy(fulfilments.part, fulfilments.id);
  return options.lock ? query.for("update", { of: fulfilments }) : query;
}

/**
 * Closes the open parts an override takes over (the caller's transaction, holding the order's and the parts'
 * locks): done, with no outcome (an admin decided the order, not the provider), so a status answer arriving later
 * changes nothing (closePart and applyUpstreamStatus only touch parts not done) and no cancel is sent for them.
 */
export async function closePartsByAdmin(tx: Executor, partIds: readonly string[]): Promise<void> {
  if (partIds.length === 0) return;
  await tx
    .update(fulfilments)
    .set({ state: "done", lastError: TAKEN_OVER_NOTE, updatedAt: sql`now()` })
    .where(and(inArray(fulfilments.id, [...partIds]), ne(fulfilments.state, "done")));
}
