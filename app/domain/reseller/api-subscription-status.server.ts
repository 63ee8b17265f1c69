import type { Database, Executor } from "../../db/client.server.ts";
import { cancelAutoOrder } from "../auto-orders/change-auto-order.server.ts";
import {
  type AutoOrderByApiId,
  findAutoOrdersByApiId,
} from "../auto-orders/find-auto-orders-by-api-id.server.ts";
import { readPostOrderIds } from "../fulfilment/post-order-ids.server.ts";
import { cents } from "../pricing/cents.ts";
import { costOfPosts, paidAfterRefunds } from "../pricing/price.ts";
import { readAutoOrderRefunds } from "../wallet/order-refunds.server.ts";
import { type ApiError, apiRefusalError } from "./api-answer.ts";
import { apiDollars } from "./api-order-status.ts";

/** A subscription's `status` answer, as the panels give it for their Subscriptions type. */
export type ApiSubscriptionStatus = {
  charge: string;
  status: "Active" | "Paused" | "Completed" | "Expired" | "Canceled";
  posts: string;
  /** The order ids of the posts made so far, post by post (docs/decisions/049). */
  orders: number[];
  remains: string;
  currency: "USD";
};

const API_ID = /^\d{1,15}$/;

/**
 * The caller's own auto orders among the requested ids (docs/decisions/023-api-subscriptions.md), by the id as
 * sent. Their ids come from the order numbers' sequence, so an id names an order or a subscription, never both.
 */
export async function findCallersSubscriptions(
  db: Executor,
  userId: string,
  ids: string[],
): Promise<Map<string, AutoOrderByApiId>> {
  const apiIds = [...new Set(ids.filter((id) => API_ID.test(id)).map(Number))];
  const byApiId = await findAutoOrdersByApiId(db, userId, apiIds);
  const byId = new Map<string, AutoOrderByApiId>();
  for (const id of ids) {
    const subscription = API_ID.test(id) ? byApiId.get(Number(id)) : undefined;
    if (subscription) byId.set(id, subscription);
  }
  return byId;
}

/**
 * The auto order's status in the panels' words for subscriptions (docs/decisions/023): Active while it serves posts,
 * Paused, Completed once no post is left to serve (an admin may set that without completing it), Expired when its
 * expiry day ended it, Canceled otherwise. SmartPanel keeps polling only Active and Paused ones.
 */
function apiSubscriptionStatus(autoOrder: AutoOrderByApiId): ApiSubscriptionStatus["status"] {
  if (autoOrder.status === "cancelled") return endedByExpiry(autoOrder) ? "Expired" : "Canceled";
  if (autoOrder.status === "completed" || autoOrder.remainingPosts === 0) return "Completed";
  return autoOrder.status === "paused" ? "Paused" : "Active";
}

/** Ended after its expiry day (the day ends it, product rules 4.4), not by a cancel before. */
function endedByExpiry(autoOrder: AutoOrderByApiId): boolean {
  return autoOrder.expiresOn !== null && autoOrder.updatedAt.toISOString().slice(0, 10) > autoOrder.expiresOn;
}

/**
 * The statuses of the caller's subscriptions among the ids, by the id as sent: `charge` is what was finally paid
 * (posts x cost per post less every refund: the cancel's remaining posts, a post's undelivered share; product
 * rules 2.4), `posts` the posts served, `orders` the posts' order ids (docs/decisions/049), `remains` the posts
 * not served (refunded once cancelled).
 */
export async function readApiSubscriptionStatuses(
  db: Executor,
  userId: string,
  ids: string[],
): Promise<Map<string, ApiSubscriptionStatus>> {
  const found = await findCallersSubscriptions(db, userId, ids);
  const autoOrderIds = [...new Set([...found.values()].map((row) => row.id))];
  const [refunds, postOrders] = await Promise.all([
    readAutoOrderRefunds(db, autoOrderIds),
    readPostOrderIds(db, autoOrderIds),
  ]);
  const statuses = new Map<string, ApiSubscriptionStatus>();
  for (const [id, autoOrder] of found) {
    const charged = costOfPosts(autoOrder.costPerPostCents, autoOrder.totalPosts);
    statuses.set(id, {
      charge: apiDollars(paidAfterRefunds(charged, refunds.get(autoOrder.id) ?? cents(0))),
      status: apiSubscriptionStatus(autoOrder),
      posts: String(autoOrder.totalPosts - autoOrder.remainingPosts),
      orders: postOrders.get(autoOrder.id) ?? [],
      remains: String(autoOrder.remainingPosts),
      currency: "USD",
    });
  }
  return statuses;
}

/**
 * Cancels one of the caller's subscriptions as the customer would on the website (product rules 4.4): the auto
 * order ends and its remaining posts are refunded at once (2.4). `1` when cancelled, else the refusal's error.
 */
export async function cancelApiSubscription(
  db: Database,
  userId: string,
  autoOrderId: string,
): Promise<1 | ApiError> {
  const cancelled = await cancelAutoOrder(db, { kind: "customer", userId }, autoOrderId);
  return cancelled.ok ? 1 : apiRefusalError(cancelled);
}
