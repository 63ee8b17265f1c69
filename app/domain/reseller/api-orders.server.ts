import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database, Executor } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { cancelOrder } from "../orders/cancel-order.server.ts";
import { placeOrder } from "../orders/place-order.server.ts";
import {
  type ApiAnswer,
  apiError,
  apiErrorText,
  apiKeyRefusalAnswer,
  apiRefusalAnswer,
} from "./api-answer.ts";
import { apiKeyAuthorisation, apiKeyRefusalOf } from "./api-key-guard.server.ts";
import { API_STATUS, apiDollars, apiOrderId, apiRemains, orderNumberFromApiId } from "./api-order-status.ts";
import { API_TEXT, MAX_ORDER_IDS_PER_REQUEST, missingField } from "./api-text.ts";

const addParams = z.object({
  service: z.string().trim().min(1).max(100),
  link: z.string().max(2000).default(""),
  quantity: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/)
    .transform(Number),
  idempotency_key: z.string().trim().min(1).max(100).optional(),
});

/**
 * action=add: a one-time order through the same placeOrder as the storefront (server price, wallet, ledger). The
 * caller's key may come from the key cache; the order statement charges only while the key is still active.
 */
export async function addApiOrder(
  db: Database,
  caller: { userId: string; keyHash: string; counted: boolean },
  params: Record<string, string>,
): Promise<ApiAnswer> {
  const parsed = addParams.safeParse(params);
  if (!parsed.success)
    return apiError(400, missingField(String(parsed.error.issues[0]?.path[0] ?? "service")));
  const input = parsed.data;
  const placed = await placeOrder(db, {
    userId: caller.userId,
    serviceId: input.service,
    quantity: input.quantity,
    targetLink: input.link,
    deliverySpeed: "normal",
    // Namespaced so an API key can never collide with a key the website generated for the same account.
    idempotencyKey: input.idempotency_key ? `api:${input.idempotency_key}` : undefined,
    viaApi: apiKeyAuthorisation(caller),
  });
  if (!placed.ok) {
    // The statement may have charged nothing because of the key itself: revoked, or over its limit.
    const keyRefusal = placed.reason === "forbidden" ? apiKeyRefusalOf(placed.authorisation) : null;
    if (keyRefusal) return apiKeyRefusalAnswer(keyRefusal);
    return apiRefusalAnswer(placed);
  }
  return { status: 200, body: { order: apiOrderId(placed.order.orderNumber) } };
}

type RequestedOrders = {
  ids: string[];
  many: boolean;
  /** The caller's own order behind an API id (another customer's order is simply not found). */
  orderOf: (id: string) => typeof orders.$inferSelect | undefined;
};

/** The orders a status or cancel request names (`order`, or up to 100 comma-separated in `orders`), or an error answer. */
async function readRequestedOrders(
  db: Executor,
  userId: string,
  params: Record<string, string>,
): Promise<RequestedOrders | ApiAnswer> {
  const many = params.orders !== undefined;
  const ids = ((many ? params.orders : params.order) ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) return apiError(400, API_TEXT.missingOrderIds);
  if (ids.length > MAX_ORDER_IDS_PER_REQUEST) return apiError(400, API_TEXT.tooManyOrderIds);
  const numbers = ids.map(orderNumberFromApiId).filter((number): number is string => number !== null);
  const rows =
    numbers.length === 0
      ? []
      : await db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), inArray(orders.orderNumber, numbers)));
  const byNumber = new Map(rows.map((row) => [row.orderNumber, row]));
  return { ids, many, orderOf: (id) => byNumber.get(orderNumberFromApiId(id) ?? "") };
}

/** action=status: one order (`order`) or up to 100 (`orders`), only the caller's own. */
export async function readApiOrderStatuses(
  db: Executor,
  userId: string,
  params: Record<string, string>,
): Promise<ApiAnswer> {
  const request = await readRequestedOrders(db, userId, params);
  if ("status" in request) return request;
  const statusOf = (id: string) => {
    const order = request.orderOf(id);
    if (!order) return null;
    return {
      charge: apiDollars(order.totalCents),
      start_count: "0",
      status: API_STATUS[order.status],
      remains: String(apiRemains(order)),
      currency: "USD",
    };
  };
  if (!request.many) {
    const status = statusOf(request.ids[0] ?? "");
    return status ? { status: 200, body: status } : apiError(404, API_TEXT.incorrectOrderId);
  }
  const body: Record<string, unknown> = {};
  for (const id of request.ids) body[id] = statusOf(id) ?? { error: API_TEXT.incorrectOrderId };
  return { status: 200, body };
}

/**
 * action=cancel: each of the caller's orders under the shop's cancel rules (orders/cancel-order): refunded at once
 * when nothing was sent upstream yet; otherwise the provider is asked, and the order's status then shows what it
 * cancelled (Canceled, or Partial with the remains refunded). `cancel: 1` means the cancel was accepted.
 */
export async function cancelApiOrders(
  db: Database,
  userId: string,
  params: Record<string, string>,
): Promise<ApiAnswer> {
  const request = await readRequestedOrders(db, userId, params);
  if ("status" in request) return request;
  const results = [];
  for (const id of request.ids) {
    const order = request.orderOf(id);
    const answerId = Number(id) || id;
    if (!order) {
      results.push({ order: answerId, cancel: { error: API_TEXT.incorrectOrderId } });
      continue;
    }
    const cancelled = await cancelOrder(db, { orderId: order.id, by: { customerId: userId } });
    results.push(
      cancelled.ok
        ? { order: answerId, cancel: 1 }
        : { order: answerId, cancel: { error: apiErrorText(cancelled.notice) } },
    );
  }
  return { status: 200, body: results };
}
