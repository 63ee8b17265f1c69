import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";

export type ActivityCounts = { orders: number; autoOrders: number; tickets: number };

/** How many orders, auto orders and support tickets the customer has (the dashboard's stat cards). */
export async function countActivity(db: Executor, userId: string): Promise<ActivityCounts> {
  const result = await db.execute<{ orders: string; auto_orders: string; tickets: string }>(sql`
    select
      (select count(*) from orders where user_id = ${userId}) as orders,
      (select count(*) from auto_orders where user_id = ${userId}) as auto_orders,
      (select count(*) from tickets where user_id = ${userId}) as tickets`);
  const row = result.rows[0];
  return {
    orders: Number(row?.orders ?? 0),
    autoOrders: Number(row?.auto_orders ?? 0),
    tickets: Number(row?.tickets ?? 0),
  };
}
