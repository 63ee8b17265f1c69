import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { type Cents, centsFromSql } from "../pricing/cents.ts";

/** What a counted delivery needs to know of its auto order. */
export type CountedAutoOrder = { userId: string; costPerPostCents: Cents; likesPerPost: number };

/**
 * Counts posts of an auto order as delivered, never below zero; the auto order completes with its last post.
 * Only active or paused auto orders move: a cancelled one was already refunded for its remaining posts. Answers
 * the auto order when it moved, null when it did not.
 */
export async function recordPostsDelivered(
  db: Executor,
  autoOrderId: string,
  delivered: { posts: number } | { servedOfTotal: number },
): Promise<CountedAutoOrder | null> {
  const remaining =
    "posts" in delivered
      ? sql`greatest(remaining_posts - ${delivered.posts}, 0)`
      : sql`least(remaining_posts, greatest(total_posts - ${delivered.servedOfTotal}, 0))`;
  const result = await db.execute<{
    user_id: string;
    cost_per_post_cents: string | number;
    likes_per_post: number;
  }>(sql`
    update auto_orders set remaining_posts = ${remaining},
      status = case when ${remaining} = 0 then 'completed'::auto_order_status else status end,
      updated_at = now()
    where id = ${autoOrderId} and status in ('active', 'paused') and remaining_posts > 0
    returning user_id, cost_per_post_cents, likes_per_post`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    userId: row.user_id,
    costPerPostCents: centsFromSql(row.cost_per_post_cents),
    likesPerPost: Number(row.likes_per_post),
  };
}
