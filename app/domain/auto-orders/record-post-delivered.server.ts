import type { Database } from "../../db/client.server.ts";
import { isUniqueViolation } from "../../db/database-error.ts";
import { closePostSubmission } from "../fulfilment/close-parts.server.ts";
import type { PostDelivery } from "../fulfilment/part-outcomes.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { partialRefund } from "../pricing/price.ts";
import { postLedgerEntry } from "../wallet/post-ledger-entry.server.ts";
import { recordPostsDelivered } from "./record-posts-delivered.server.ts";

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
      if (!(await closePostSubmission(tx, post.fulfilmentId))) return nothing;
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
