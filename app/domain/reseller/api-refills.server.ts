import type { Executor } from "../../db/client.server.ts";
import { type ApiAnswer, apiError, apiOk } from "./api-answer.ts";
import { type ApiCaller, findCallersOrders } from "./api-orders.server.ts";
import { echoedId, readRequestedIds } from "./api-requested-ids.ts";
import { API_TEXT } from "./api-text.ts";

// Refills are not offered yet (every service lists `refill: false`): each order answers with the protocol's
// per-item error, so panels that ask anyway read a plain answer in the shape they expect.
const notAvailable = () => apiError(API_TEXT.refillNotAvailable, "refill_unavailable");
const incorrectOrder = () => apiError(API_TEXT.incorrectOrderId, "not_found");
const refillNotFound = () => apiError(API_TEXT.refillNotFound, "not_found");

/** action=refill: `order` answers like one order's refill, `orders` per order (`[{ order, refill }]`). */
export async function refillApiOrders(
  db: Executor,
  caller: ApiCaller,
  params: Record<string, string>,
): Promise<ApiAnswer> {
  const requested = readRequestedIds(params, { one: "order", many: "orders" });
  if (!("ids" in requested)) return requested;
  const found = await findCallersOrders(db, caller, requested.ids);
  const answerFor = (id: string) => (found.has(id) ? notAvailable() : incorrectOrder());
  if (!requested.many) return answerFor(requested.ids[0] ?? "");
  return apiOk(requested.ids.map((id) => ({ order: echoedId(id), refill: answerFor(id).body })));
}

/** action=refill_status: `refill` answers like one refill's status, `refills` per refill (`[{ refill, status }]`). */
export async function readApiRefillStatuses(params: Record<string, string>): Promise<ApiAnswer> {
  const requested = readRequestedIds(params, { one: "refill", many: "refills" }, API_TEXT.missingRefillIds);
  if (!("ids" in requested)) return requested;
  if (!requested.many) return refillNotFound();
  return apiOk(requested.ids.map((id) => ({ refill: echoedId(id), status: refillNotFound().body })));
}
