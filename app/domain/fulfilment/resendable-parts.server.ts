import { and, eq, inArray, isNull, or } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { fulfilments, orders } from "../../db/schema.ts";

/** A part that may be sent again, to the provider and service it had. */
export type ResendablePart = { id: string; providerId: string; providerServiceId: string };

/**
 * The parts of these orders that resendOrderPart takes (product rules 14.14): held, or ended failed or cancelled,
 * while their order is open and no cancel was asked; by order id. Read without a lock: resendOrderPart checks
 * each again under its order's lock.
 */
export async function findResendableParts(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, ResendablePart[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: fulfilments.id,
      orderId: fulfilments.orderId,
      providerId: fulfilments.providerId,
      providerServiceId: fulfilments.providerServiceId,
    })
    .from(fulfilments)
    .innerJoin(orders, eq(orders.id, fulfilments.orderId))
    .where(
      and(
        inArray(fulfilments.orderId, [...orderIds]),
        inArray(orders.status, ["pending", "processing", "in_progress"]),
        isNull(orders.cancelRequestedAt),
        or(
          eq(fulfilments.state, "needs_attention"),
          and(eq(fulfilments.state, "done"), inArray(fulfilments.outcome, ["failed", "cancelled"])),
        ),
      ),
    )
    .orderBy(fulfilments.orderId, fulfilments.part);
  const byOrder = new Map<string, ResendablePart[]>();
  for (const { orderId, ...part } of rows) {
    if (!orderId) continue;
    byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), part]);
  }
  return byOrder;
}
