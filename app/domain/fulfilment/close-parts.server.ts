import { and, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { fulfilments } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";
import type { PartOutcome } from "./part-outcomes.ts";

/**
 * Closes a part's submission with how it ended, once: false when it was closed before (the same answer applied
 * twice). Runs in the caller's transaction, which holds the order's lock.
 */
export async function closePart(
  tx: Executor,
  input: { fulfilmentId: string; outcome: PartOutcome; remains: number | null },
): Promise<boolean> {
  const [closed] = await tx
    .update(fulfilments)
    .set({ state: "done", outcome: input.outcome, upstreamRemains: input.remains, updatedAt: sql`now()` })
    .where(and(eq(fulfilments.id, input.fulfilmentId), ne(fulfilments.state, "done")))
    .returning({ id: fulfilments.id });
  return closed !== undefined;
}

/**
 * Ends an auto order post's submission, once: false when an answer applied before (a retried round, a second
 * worker) ended it already. Runs in the caller's transaction, under the submission's row lock from here on.
 */
export async function closePostSubmission(tx: Executor, fulfilmentId: string): Promise<boolean> {
  const ended = await tx.execute(sql`
    update fulfilments set state = 'done', updated_at = now()
    where id = ${fulfilmentId} and state <> 'done'
    returning id`);
  return ended.rows.length > 0;
}

/** A part of an order as its ending reads it. */
export type OrderPart = {
  part: string;
  /** Whether the part is closed (its outcome null when an admin resolved it without one). */
  done: boolean;
  outcome: PartOutcome | null;
  quantity: number;
  /** The part's share of the order's charge (null on submissions made before parts existed: the whole order). */
  chargeCents: Cents | null;
  /** Units the provider did not deliver, as it reported them. */
  remains: number | null;
};

/** The parts of an order as they stand (none: a person delivers it). */
export async function partsOfOrder(tx: Executor, orderId: string): Promise<OrderPart[]> {
  const parts = await tx.select().from(fulfilments).where(eq(fulfilments.orderId, orderId));
  return parts.map((part) => ({
    part: part.part,
    done: part.state === "done",
    outcome: part.outcome as PartOutcome | null,
    quantity: part.quantity,
    chargeCents: part.chargeCents,
    remains: part.upstreamRemains,
  }));
}
