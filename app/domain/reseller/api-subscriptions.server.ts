import type { Database } from "../../db/client.server.ts";
import { placeAutoOrder } from "../auto-orders/place-auto-order.server.ts";
import { findLikesPackByApiId } from "../catalog/find-likes-pack.server.ts";
import type { OrderableService } from "../catalog/find-service.server.ts";
import { findServiceIdByApiId } from "../catalog/find-service-by-api-id.server.ts";
import { findServiceForOrder } from "../catalog/service-cache.server.ts";
import { type ApiAnswer, apiError, apiOk, apiRefusalAnswer } from "./api-answer.ts";
import { countKeyRequest } from "./api-keys.server.ts";
import { type ApiCaller, addApiOrder } from "./api-orders.server.ts";
import {
  oneTimeFieldOnSubscription,
  readSubscriptionFields,
  subscriptionFieldOnOneTime,
} from "./api-subscription-fields.ts";
import { API_TEXT, missingField } from "./api-text.ts";

const SERVICE_ID = /^\d{1,9}$/;

/** The enabled service an `add` names by its integer API id, or null. */
async function serviceOf(db: Database, service: string): Promise<OrderableService | null> {
  const apiId = service.trim();
  const serviceId = SERVICE_ID.test(apiId) ? await findServiceIdByApiId(db, Number(apiId)) : null;
  // The same short-lived cache placeOrder reads: a one-time order costs no extra round trip.
  return serviceId ? findServiceForOrder(db, serviceId) : null;
}

/** The likes pack an `add` names by its integer API id, as a Package target, or null. */
async function packOf(db: Database, service: string): Promise<{ pack: { id: string } } | null> {
  const apiId = service.trim();
  const pack = SERVICE_ID.test(apiId) ? await findLikesPackByApiId(db, Number(apiId)) : null;
  return pack ? { pack: { id: pack.id } } : null;
}

/**
 * action=add, by the service's type: a Subscriptions service (an auto service) places an auto order, any other
 * a one-time order or a likes pack (addApiOrder, by the order types of docs/decisions/021). A field of the other type is refused in plain words, never dropped.
 */
export async function addApiOrderOrSubscription(
  db: Database,
  caller: ApiCaller,
  params: Record<string, string>,
): Promise<ApiAnswer> {
  const service = await serviceOf(db, params.service ?? "");
  if (service?.serviceType === "auto") return addApiSubscription(db, caller, service, params);
  // Not a service: maybe a likes pack, the Package type (its id comes from the same number space).
  const target = service ? { service } : await packOf(db, params.service ?? "");
  if (!target) return apiError(API_TEXT.incorrectServiceId);
  const misplaced = subscriptionFieldOnOneTime(params);
  return misplaced ? { body: misplaced } : addApiOrder(db, caller, params, target);
}

/**
 * A Subscriptions `add` (docs/decisions/023-api-subscriptions.md): an auto order through the same placeAutoOrder
 * as the website, on `username`'s next `posts` posts. The shop delivers `max` to every post and charges that up
 * front (product rules 2.4); what is not served is refunded on cancel. Answers the auto order's integer API id.
 */
async function addApiSubscription(
  db: Database,
  caller: ApiCaller,
  service: OrderableService,
  params: Record<string, string>,
): Promise<ApiAnswer> {
  const misplaced = oneTimeFieldOnSubscription(params);
  if (misplaced) return { body: misplaced };
  const read = readSubscriptionFields(params, service);
  if (!read.ok) return apiRefusalAnswer(read);
  const idempotencyKey = (params.idempotency_key ?? "").trim();
  if (idempotencyKey.length > 100) return apiError(missingField("idempotency_key"));
  // A key this process knew was let through uncounted for an order statement to count; an auto order has none.
  if (!caller.counted) {
    const counted = await countKeyRequest(db, caller.keyHash);
    if (!counted.ok) return apiRefusalAnswer(counted);
  }
  const placed = await placeAutoOrder(db, {
    userId: caller.userId,
    serviceId: service.id,
    username: read.fields.username,
    perPost: read.fields.max,
    posts: read.fields.posts,
    delayMinutes: read.fields.delayMinutes,
    expiresOn: read.fields.expiresOn,
    deliverySpeed: "normal",
    // Namespaced like an API order's, so it never collides with a key the website generated.
    idempotencyKey: idempotencyKey ? `api:${idempotencyKey}` : undefined,
    viaApi: true,
  });
  if (!placed.ok) {
    // The service changed since it was read (disabled, or no longer an auto service).
    if (placed.field === "serviceId") return apiError(API_TEXT.incorrectServiceId);
    return apiRefusalAnswer(placed);
  }
  return apiOk({ order: placed.autoOrder.apiId });
}
