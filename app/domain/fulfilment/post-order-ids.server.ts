import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";

/**
 * The order ids of the posts made so far for each auto order, post by post (docs/decisions/049): what a
 * subscription's `status` lists as its `orders`. A post sent again keeps its id; an auto order sent whole as one
 * subscription, or delivered by a person, has none.
 */
export async function readPostOrderIds(db: Executor, autoOrderIds: string[]): Promise<Map<string, number[]>> {
  const byAutoOrder = new Map<string, number[]>();
  if (autoOrderIds.length === 0) return byAutoOrder;
  const result = await db.execute<{ auto_order_id: string; post_order_id: string | number }>(sql`
    select auto_order_id, min(post_order_id) as post_order_id from fulfilments
    where auto_order_id in (${sql.join(
      autoOrderIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and post_order_id is not null
    group by auto_order_id, post_number
    order by auto_order_id, post_number`);
  for (const row of result.rows) {
    const ids = byAutoOrder.get(row.auto_order_id) ?? [];
    ids.push(Number(row.post_order_id));
    byAutoOrder.set(row.auto_order_id, ids);
  }
  return byAutoOrder;
}
