import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { isUniqueViolation } from "../../db/database-error.ts";
import { recordPostsDelivered } from "../auto-orders/record-posts-delivered.server.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { partialRefund } from "../pricing/price.ts";
import { postLedgerEntry } from "../wallet/post-ledger-entry.server.ts";

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
