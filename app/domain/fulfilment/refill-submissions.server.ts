import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { fulfilments, refillSubmissions } from "../../db/schema.ts";

/** A delivered part of an order that its provider can refill: the provider and its order id. */
export type RefillablePart = { fulfilmentId: string; providerId: string; providerOrderId: string };

/**
 * The parts of an order a provider delivered (they ended completed or partial, with an upstream order id): a
 * refill of the order is forwarded to each of them (docs/decisions/022). None: a person refills it.
 */
export async function refillableParts(db: Executor, orderId: string): Promise<RefillablePart[]> {
  const rows = await db
    .select({
      fulfilmentId: fulfilments.id,
      providerId: fulfilments.providerId,
      providerOrderId: fulfilments.providerOrderId,
    })
    .from(fulfilments)
    .where(
      and(
        eq(fulfilments.orderId, orderId),
        inArray(fulfilments.outcome, ["completed", "partial"]),
        isNotNull(fulfilments.providerOrderId),
      ),
    )
    .orderBy(fulfilments.part);
  return rows.map((row) => ({ ...row, providerOrderId: row.providerOrderId ?? "" }));
}

/**
 * Queues a refill's parts for the worker, inside the transaction that stores the refill: the next fulfilment
 * round sends the standard `refill` for each (forward-refills.server.ts).
 */
export async function queueRefillSubmissions(
  tx: Executor,
  refillId: number,
  parts: RefillablePart[],
): Promise<void> {
  if (parts.length === 0) return;
  await tx.insert(refillSubmissions).values(parts.map((part) => ({ refillId, ...part })));
}
