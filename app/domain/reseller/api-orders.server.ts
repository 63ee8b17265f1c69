import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database, Executor } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { readUpstreamStartCounts } from "../fulfilment/upstream-start-counts.server.ts";
import { cancelOrder } from "../orders/cancel-order.server.ts";
import { placeOrder } from "../orders/place-order.server.ts";
import { placePackageOrder } from "../orders/place-pack-order.server.ts";
import { cents } from "../pricing/cents.ts";
import { paidAfterRefunds } from "../pricing/price.ts";
import { readOrderRefunds } from "../wallet/order-refunds.server.ts";
import {
  type ApiAnswer,
  type ApiError,
  apiError,
  apiOk,
  apiRefusalAnswer,
  apiRefusalError,
  INCORRECT_ORDER,
} from "./api-answer.ts";
import { apiKeyAuthorisation, apiKeyRefusalOf } from "./api-key-guard.server.ts";
import {
  API_STATUS,
  apiDollars,
  apiOrderId,
  apiRemains,
  apiRunsDelivered,
  orderNumberFromApiId,
} from "./api-order-status.ts";
import { type ApiOrderTarget, packageFieldSent, readApiOrderRequest } from "./api-order-types.ts";
import { readApiPostStatuses } from "./api-post-status.server.ts";
import { answerEachId, echoedId, readRequestedIds } from "./api-requested-ids.ts";
import {
  cancelApiSubscription,
  findCallersSubscriptions,
  readApiSubscriptionStatuses,
} from "./api-subscription-status.server.ts";
import { API_TEXT, missingField } from "./api-text.ts";

export type ApiCaller = { userId: string; keyHash: string; counted: boolean };

type Order = typeof orders.$inferSelect;

const addParams = z.object({
  // Its length is the order's own rule (ORDER_TEXT.linkTooLong); the body's limit bounds it here.
  link: z.string().default(""),
  idempotency_key: z.string().trim().min(1).max(100).optional(),
});

const QUANTITY = /^\d{1,9}$/;

/** Fields only the order types beyond a plain quantity read (docs/decisions/021). */
const TYPED_FIELDS = ["runs", "interval", "comments"] as const;

/**
 * action=add for a one-time service or a likes pack (docs/decisions/020, 021): through the same placeOrder or pack
 * order as the storefront (server price, wallet, ledger). The caller's key may come from the key cache; the order
 * statement charges only while the key is still active.
 */
export async function addApiOrder(
  db: Database,
  caller: ApiCaller,
  params: Record<string, string>,
  target: ApiOrderTarget,
): Promise<ApiAnswer> {
  const typed =
    "pack" in target ||
    target.service.orderType !== "default" ||
    TYPED_FIELDS.some((name) => (params[name] ?? "").trim() !== "");
  if (!typed) return addPlainOrder(db, caller, params, target.service.id);
  if ("pack" in target && packageFieldSent(params)) return apiError(API_TEXT.packageLinkOnly);
  const idempotency = addParams.pick({ idempotency_key: true }).safeParse(params);
  if (!idempotency.success) return apiError(missingField("idempotency_key"));
  const read = readApiOrderRequest(params, target);
  if ("ok" in read) return apiRefusalAnswer(read);
  const common = {
    userId: caller.userId,
    targetLink: read.targetLink,
    idempotencyKey: apiIdempotencyKey(idempotency.data.idempotency_key),
    viaApi: apiKeyAuthorisation(caller),
  };
  const placed =
    "packId" in read
      ? await placePackageOrder(db, { ...common, packId: read.packId })
      : await placeOrder(db, {
          ...common,
          serviceId: read.serviceId,
          quantity: read.quantity,
          deliverySpeed: "normal",
          ...(read.type === "Default" && read.dripFeed ? { dripFeed: read.dripFeed } : {}),
          ...(read.type === "Custom Comments" ? { comments: read.comments } : {}),
        });
  return placedAnswer(placed);
}

/** A Default order of one quantity: the API's original path, with its conventional quantity refusals. */
async function addPlainOrder(
  db: Database,
  caller: ApiCaller,
  params: Record<string, string>,
  serviceId: string,
): Promise<ApiAnswer> {
  const quantity = (params.quantity ?? "").trim();
  if (!QUANTITY.test(quantity)) return apiError(API_TEXT.incorrectQuantity);
  const parsed = addParams.safeParse(params);
  if (!parsed.success) return apiError(missingField(String(parsed.error.issues[0]?.path[0] ?? "link")));
  const input = parsed.data;
  const placed = await placeOrder(db, {
    userId: caller.userId,
    serviceId,
    quantity: Number(quantity),
    targetLink: input.link,
    deliverySpeed: "normal",
    idempotencyKey: apiIdempotencyKey(input.idempotency_key),
    viaApi: apiKeyAuthorisation(caller),
  });
  return placedAnswer(placed);
}

/** Namespaced so an API key can never collide with a key the website generated for the same account. */
function apiIdempotencyKey(key: string | undefined): string | undefined {
  return key ? `api:${key}` : undefined;
}

function placedAnswer(placed: Awaited<ReturnType<typeof placeOrder>>): ApiAnswer {
  if (!placed.ok) {
    // The statement may have charged nothing because of the key itself: revoked, or over its limit.
    const keyRefusal = placed.kind === "forbidden" ? apiKeyRefusalOf(placed.authorisation) : null;
    return apiRefusalAnswer(keyRefusal ?? placed);
  }
  return apiOk({ order: apiOrderId(placed.order.orderNumber) });
}

/** The caller's own orders among the ids (another customer's order is simply not found), by the id as sent. */
async function callersOrders(db: Executor, userId: string, ids: string[]): Promise<Map<string, Order>> {
  const numbers = ids.map(orderNumberFromApiId).filter((number): number is string => number !== null);
  const rows =
    numbers.length === 0
      ? []
      : await db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), inArray(orders.orderNumber, numbers)));
  const byNumber = new Map(rows.map((row) => [row.orderNumber, row]));
  const byId = new Map<string, Order>();
  for (const id of ids) {
    const order = byNumber.get(orderNumberFromApiId(id) ?? "");
    if (order) byId.set(id, order);
  }
  return byId;
}

/**
 * action=status: one order (`order`) or up to 100 (`orders`, answered per id), only the caller's own. `charge` is
 * what the customer finally paid (the price less its refunds, product rules 4.2), `start_count` the provider's.
 * A subscription's id answers the subscription's status (api-subscription-status.server.ts), and a subscription's
 * post's id the post's (api-post-status.server.ts, docs/decisions/049), mixed with orders.
 */
export async function readApiOrderStatuses(
  db: Executor,
  caller: ApiCaller,
  params: Record<string, string>,
): Promise<ApiAnswer> {
  const requested = readRequestedIds(params, { one: "order", many: "orders" });
  if (!("ids" in requested)) return requested;
  const [found, subscriptions, posts] = await Promise.all([
    callersOrders(db, caller.userId, requested.ids),
    readApiSubscriptionStatuses(db, caller.userId, requested.ids),
    readApiPostStatuses(db, caller.userId, requested.ids),
  ]);
  const orderIds = [...new Set([...found.values()].map((order) => order.id))];
  const [refunds, startCounts] = await Promise.all([
    readOrderRefunds(db, orderIds),
    readUpstreamStartCounts(db, orderIds),
  ]);
  const statusOf = (order: Order) => {
    const runs = apiRunsDelivered(order);
    return {
      charge: apiDollars(paidAfterRefunds(order.totalCents, refunds.get(order.id) ?? cents(0))),
      // An admin's corrected start count stands over the provider's (product rules 14.5).
      start_count: String(order.startCount ?? startCounts.get(order.id) ?? 0),
      status: API_STATUS[order.status],
      remains: String(apiRemains(order)),
      // A drip-feed's runs delivered so far (docs/decisions/021).
      ...(runs === null ? {} : { runs: String(runs) }),
      currency: "USD",
    };
  };
  const statusFor = (id: string) => {
    const order = found.get(id);
    return (order ? statusOf(order) : (subscriptions.get(id) ?? posts.get(id))) ?? INCORRECT_ORDER;
  };
  return answerEachId(requested, statusFor, { one: (status) => status, entry: "by_id" });
}

/**
 * action=cancel: each of the caller's orders (`orders`, or `order`) under the shop's cancel rules
 * (orders/cancel-order, docs/decisions/010), answered per order: refunded at once when nothing was sent upstream
 * yet; otherwise the provider is asked, and the order's status then shows what it cancelled (Canceled, or Partial
 * with the remains refunded). `cancel: 1` means the cancel was accepted. A subscription is cancelled with its
 * remaining posts refunded at once (product rules 4.4).
 */
export async function cancelApiOrders(
  db: Database,
  caller: ApiCaller,
  params: Record<string, string>,
): Promise<ApiAnswer> {
  const requested = readRequestedIds(params, { one: "order", many: "orders" });
  if (!("ids" in requested)) return requested;
  const [found, subscriptions] = await Promise.all([
    callersOrders(db, caller.userId, requested.ids),
    findCallersSubscriptions(db, caller.userId, requested.ids),
  ]);
  const cancelOne = async (id: string): Promise<1 | ApiError> => {
    const order = found.get(id);
    const subscription = subscriptions.get(id);
    if (!order)
      return subscription ? cancelApiSubscription(db, caller.userId, subscription.id) : INCORRECT_ORDER;
    const cancelled = await cancelOrder(db, { orderId: order.id, by: { customerId: caller.userId } });
    return cancelled.ok ? 1 : apiRefusalError(cancelled);
  };
  return answerEachId(requested, cancelOne, { entry: (id, cancel) => ({ order: echoedId(id), cancel }) });
}

/** The caller's own orders among the ids, for an action that answers per order (refill). */
export async function findCallersOrders(
  db: Executor,
  caller: ApiCaller,
  ids: string[],
): Promise<Map<string, Order>> {
  return callersOrders(db, caller.userId, ids);
}
