import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { isUniqueViolation } from "../../db/database-error.ts";
import { type Cents, cents, centsFromSql } from "../pricing/cents.ts";
import { partialRefund } from "../pricing/price.ts";
import { postLedgerEntry } from "../wallet/post-ledger-entry.server.ts";

/** What a counted delivery needs to know of its auto order. */
type CountedAutoOrder = { userId: string; costPerPostCents: Cents; likesPerPost: number };

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

export type PostDelivery = {
  autoOrderId: string;
  /** The post's upstream submission: the cause its refund is recorded against, once. */
  fulfilmentId: string;
  postNumber: number;
  /** Units of the post the provider did not deliver (its Partial); 0 when it completed. */
  remains: number;
};

/**
 * Counts one post of an auto order as delivered and pays back the undelivered share of its cost (cost per post x
 * remains / units per post, rounded down, like a one-time order's Partial), in one transaction. Exactly once: the
 * transaction marks the submission done first (an answer applied again, by a retried round or a second worker,
 * finds it done), and the database allows one refund per submission. A post of an auto order cancelled meanwhile is neither counted nor refunded: the cancel already
 * refunded it in full as a remaining post.
 */
export async function recordPostDelivered(
  db: Database,
  post: PostDelivery,
): Promise<{ counted: boolean; refundCents: Cents }> {
  const nothing = { counted: false, refundCents: cents(0) };
  try {
    return await db.transaction(async (tx) => {
      // Each submission counts once: the first answer that ends it marks it done, under its row lock.
      const ended = await tx.execute(sql`
        update fulfilments set state = 'done', updated_at = now()
        where id = ${post.fulfilmentId} and state <> 'done'
        returning id`);
      if (ended.rows.length === 0) return nothing;
      const counted = await recordPostsDelivered(tx, post.autoOrderId, { posts: 1 });
      if (!counted) return nothing;
      const refundCents =
        counted.likesPerPost > 0
          ? partialRefund(counted.costPerPostCents, counted.likesPerPost, post.remains)
          : cents(0);
      if (refundCents > 0) {
        await postLedgerEntry(tx, {
          userId: counted.userId,
          type: "refund",
          amountCents: refundCents,
          autoOrderId: post.autoOrderId,
          fulfilmentId: post.fulfilmentId,
          metadata: {
            reason: `Auto order post ${post.postNumber} delivered partially`,
            auto_order_id: post.autoOrderId,
            post_number: post.postNumber,
            remains: post.remains,
          },
        });
      }
      return { counted: true, refundCents };
    });
  } catch (error) {
    if (isUniqueViolation(error, "transactions_one_refund_per_fulfilment")) return nothing;
    throw error;
  }
}
