import { and, asc, inArray, isNotNull } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { fulfilments } from "../../db/schema.ts";

/**
 * The start count providers reported for each order (its first part's, for an order sent in parts), by order id;
 * orders no provider gave one for are absent.
 */
export async function readUpstreamStartCounts(
  db: Executor,
  orderIds: string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: fulfilments.orderId, startCount: fulfilments.upstreamStartCount })
    .from(fulfilments)
    .where(and(inArray(fulfilments.orderId, orderIds), isNotNull(fulfilments.upstreamStartCount)))
    .orderBy(asc(fulfilments.createdAt), asc(fulfilments.part));
  const counts = new Map<string, number>();
  for (const row of rows)
    if (row.orderId && row.startCount !== null && !counts.has(row.orderId))
      counts.set(row.orderId, row.startCount);
  return counts;
}
