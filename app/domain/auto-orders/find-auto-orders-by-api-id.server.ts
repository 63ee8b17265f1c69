import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { autoOrders } from "../../db/schema.ts";

export type AutoOrderByApiId = typeof autoOrders.$inferSelect;

/** A customer's own auto orders among these reseller API ids (another customer's are simply absent), by API id. */
export async function findAutoOrdersByApiId(
  db: Executor,
  userId: string,
  apiIds: number[],
): Promise<Map<number, AutoOrderByApiId>> {
  if (apiIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(autoOrders)
    .where(and(eq(autoOrders.userId, userId), inArray(autoOrders.apiId, apiIds)));
  return new Map(rows.map((row) => [row.apiId, row]));
}
