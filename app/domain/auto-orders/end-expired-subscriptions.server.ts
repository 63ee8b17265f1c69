import { and, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { autoOrders } from "../../db/schema.ts";
import { cancelAutoOrder } from "./change-auto-order.server.ts";

/** Subscriptions ended in one round at most: the next round takes the rest. */
const EXPIRED_PER_ROUND = 100;

/**
 * Ends the subscriptions whose expiry day has passed (docs/decisions/023): each is cancelled as the customer's own
 * cancel would be, its remaining posts refunded at once, in its own transaction. The day is the UTC calendar day,
 * the one the API's `expiry` (d/m/Y) names. Answers how many ended.
 */
export async function endExpiredSubscriptions(db: Database): Promise<number> {
  const expired = await db
    .select({ id: autoOrders.id })
    .from(autoOrders)
    .where(
      and(
        inArray(autoOrders.status, ["active", "paused"]),
        isNotNull(autoOrders.expiresOn),
        lt(autoOrders.expiresOn, sql`(now() at time zone 'utc')::date`),
      ),
    )
    .limit(EXPIRED_PER_ROUND);
  let ended = 0;
  for (const { id } of expired) {
    const cancelled = await cancelAutoOrder(db, { kind: "expiry" }, id);
    if (cancelled.ok) ended++;
  }
  return ended;
}
