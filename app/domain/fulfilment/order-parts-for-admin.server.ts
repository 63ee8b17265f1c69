import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { fulfilments, providers } from "../../db/schema.ts";

/** One part of an order as the admin's order page shows it: where it is and what its provider last said. */
export type AdminOrderPart = {
  part: string;
  quantity: number;
  state: string;
  outcome: string | null;
  providerName: string | null;
  providerOrderId: string | null;
  upstreamStatus: string | null;
  upstreamRemains: number | null;
  upstreamStartCount: number | null;
  cancelState: string | null;
  lastError: string | null;
};

/** The parts of an order (none: a person delivers it), oldest first. */
export async function readOrderPartsForAdmin(db: Executor, orderId: string): Promise<AdminOrderPart[]> {
  return db
    .select({
      part: fulfilments.part,
      quantity: fulfilments.quantity,
      state: fulfilments.state,
      outcome: fulfilments.outcome,
      providerName: providers.name,
      providerOrderId: fulfilments.providerOrderId,
      upstreamStatus: fulfilments.upstreamStatus,
      upstreamRemains: fulfilments.upstreamRemains,
      upstreamStartCount: fulfilments.upstreamStartCount,
      cancelState: fulfilments.cancelState,
      lastError: fulfilments.lastError,
    })
    .from(fulfilments)
    .leftJoin(providers, eq(providers.id, fulfilments.providerId))
    .where(eq(fulfilments.orderId, orderId))
    .orderBy(asc(fulfilments.createdAt), asc(fulfilments.part));
}
