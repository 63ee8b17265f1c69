import { type AnyColumn, eq, sql } from "drizzle-orm";
import { fulfilments } from "../../db/schema.ts";
import type { SearchRule } from "../lists/search-rules.server.ts";

/** The longest provider order id a search looks up (panels' ids are numbers or short codes). */
const PROVIDER_ORDER_ID_MAX_LENGTH = 100;

/** Orders a search names by their parts' provider order id at most; more would be no id but a common word. */
const LISTED_ORDERS = 100;

/**
 * A row whose order has a part a provider knows by `q` (fulfilments.provider_order_id, whole, as the provider
 * wrote it; fulfilments_provider_order_idx). The parts are looked up first and their orders become
 * `order_id = any(<ids>)`, which the list's other indexed conditions combine with (docs/decisions/045).
 */
export function providerOrderIdIs(orderId: AnyColumn): SearchRule {
  return async (db, q) => {
    if (q.length > PROVIDER_ORDER_ID_MAX_LENGTH || /\s/.test(q)) return undefined;
    const found = await db
      .select({ orderId: fulfilments.orderId })
      .from(fulfilments)
      .where(eq(fulfilments.providerOrderId, q))
      .limit(LISTED_ORDERS);
    const ids = [...new Set(found.flatMap((row) => (row.orderId ? [row.orderId] : [])))];
    return ids.length > 0 ? sql`${orderId} = any(${sql.param(ids)}::uuid[])` : undefined;
  };
}
