import type { Database } from "../../db/client.server.ts";
import { findCustomerRefills } from "../refills/read-refills.server.ts";
import { REFILL_TEXT } from "../refills/refill-rules.ts";
import { REFILL_STATUS_WORDS } from "../refills/refill-status.ts";
import { requestRefill } from "../refills/request-refill.server.ts";
import { type ApiAnswer, type ApiError, apiRefusalError, INCORRECT_ORDER } from "./api-answer.ts";
import { type ApiCaller, findCallersOrders } from "./api-orders.server.ts";
import { answerEachId, echoedId, readRequestedIds } from "./api-requested-ids.ts";
import { findCallersSubscriptions } from "./api-subscription-status.server.ts";
import { API_TEXT } from "./api-text.ts";

const subscriptionNotRefillable = (): ApiError => ({ error: REFILL_TEXT.notAvailable });
const refillNotFound = (): ApiError => ({ error: API_TEXT.refillNotFound });

/**
 * action=refill (product rules 4.7, docs/decisions/022): `order` -> `{"refill": "12"}`, or `orders` (up to 100)
 * -> `[{"order": 1, "refill": 12}, {"order": 3, "refill": {"error": "..."}}]`. Each order is the
 * caller's own and is refilled through requestRefill under the shop's refill rules; a refusal says which rule
 * (refill_not_available, refill_order_not_ended, refill_window_passed, refill_in_progress).
 */
export async function apiRefill(
  db: Database,
  caller: ApiCaller,
  params: Record<string, string>,
): Promise<ApiAnswer> {
  const requested = readRequestedIds(params, { one: "order", many: "orders" });
  if (!("ids" in requested)) return requested;
  const [found, subscriptions] = await Promise.all([
    findCallersOrders(db, caller, requested.ids),
    findCallersSubscriptions(db, caller.userId, requested.ids),
  ]);
  const refillOne = async (id: string): Promise<number | ApiError> => {
    const order = found.get(id);
    // A subscription is the caller's too, but refills are for one-time orders (docs/decisions/023).
    if (!order && subscriptions.has(id)) return subscriptionNotRefillable();
    if (!order) return INCORRECT_ORDER;
    const refill = await requestRefill(db, { userId: caller.userId, orderId: order.id });
    return refill.ok ? refill.refill.id : apiRefusalError(refill);
  };
  return answerEachId(requested, refillOne, {
    one: (refill) => ({ refill: String(refill) }),
    entry: (id, refill) => ({ order: echoedId(id), refill }),
  });
}

/**
 * action=refill_status: `refill` -> `{"status": "Completed"}`, or `refills` (up to 100) ->
 * `[{"refill": 1, "status": "Completed"}, {"refill": 3, "status": {"error": "Refill not found"}}]`, in the panels'
 * words (Pending, In progress, Completed, Rejected). Only the caller's own refills: another's is not found.
 */
export async function apiRefillStatus(
  db: Database,
  caller: ApiCaller,
  params: Record<string, string>,
): Promise<ApiAnswer> {
  const requested = readRequestedIds(params, { one: "refill", many: "refills" }, API_TEXT.missingRefillIds);
  if (!("ids" in requested)) return requested;
  const isRefillId = (id: string) => /^\d{1,10}$/.test(id);
  const refills = await findCustomerRefills(db, {
    userId: caller.userId,
    refillIds: requested.ids.filter(isRefillId).map(Number),
  });
  const statusOf = (id: string) => {
    const refill = isRefillId(id) ? refills.get(Number(id)) : undefined;
    return refill ? REFILL_STATUS_WORDS[refill.status] : refillNotFound();
  };
  return answerEachId(requested, statusOf, {
    one: (status) => ({ status }),
    entry: (id, status) => ({ refill: echoedId(id), status }),
  });
}
