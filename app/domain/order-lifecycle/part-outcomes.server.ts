import { recordPostDelivered } from "../auto-orders/record-post-delivered.server.ts";
import { recordPostsDelivered } from "../auto-orders/record-posts-delivered.server.ts";
import type { PartOutcomes } from "../fulfilment/part-outcomes.ts";
import { advanceOrder, closeOrderPart } from "../orders/close-order-part.server.ts";
import { leaveOrderToPerson } from "../orders/leave-order-to-person.server.ts";
import { settleRefillFromParts } from "../refills/settle-refill.server.ts";

/**
 * Where fulfilment's reports go (docs/decisions/034): each outcome of a part to the area that owns what it means.
 * Orders end an order from its parts (setOrderStatus: the status, the refund once, the customer's mail); auto
 * orders count a delivered post and refund its undelivered share once; a refill ends from its parts and tells
 * the customer. Each runs in the transaction it always had, at the moment fulfilment learns the outcome.
 */
export const partOutcomes: PartOutcomes = {
  partProgressed: (db, part) => advanceOrder(db, part.orderId, part.status),
  partEnded: closeOrderPart,
  partLeftToPerson: leaveOrderToPerson,
  postDelivered: recordPostDelivered,
  subscriptionServed: async (db, served) => {
    await recordPostsDelivered(db, served.autoOrderId, { servedOfTotal: served.servedOfTotal });
  },
  refillPartChanged: async (db, refillId) => {
    await settleRefillFromParts(db, refillId);
  },
};
