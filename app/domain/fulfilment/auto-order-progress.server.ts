import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";

/**
 * Counts posts of an auto order as delivered, never below zero; the auto order completes with its last post.
 * Only active or paused auto orders move: a cancelled one was already refunded for its remaining posts.
 * (No auto-order domain function delivers posts yet; this is the one place that does, docs/decisions/008.)
 */
export async function recordPostsDelivered(
  db: Executor,
  autoOrderId: string,
  delivered: { posts: number } | { servedOfTotal: number },
): Promise<void> {
  const remaining =
    "posts" in delivered
      ? sql`greatest(remaining_posts - ${delivered.posts}, 0)`
      : sql`least(remaining_posts, greatest(total_posts - ${delivered.servedOfTotal}, 0))`;
  await db.execute(sql`
    update auto_orders set remaining_posts = ${remaining},
      status = case when ${remaining} = 0 then 'completed'::auto_order_status else status end,
      updated_at = now()
    where id = ${autoOrderId} and status in ('active', 'paused') and remaining_posts > 0`);
}
