import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { findCustomerRefills } from "../refills/read-refills.server.ts";
import { REFILL_CODES, REFILL_TEXT } from "../refills/refill-rules.ts";
import { REFILL_STATUS_WORDS } from "../refills/refill-status.ts";
import { requestRefill } from "../refills/request-refill.server.ts";
import type { Refusal } from "../refusal.ts";
import type { ApiAnswer } from "./api-answer.ts";
import { orderNumberFromApiId } from "./api-order-status.ts";
import { API_TEXT, MAX_ORDER_IDS_PER_REQUEST } from "./api-text.ts";

/** The refill actions' own texts, in the panels' short style (the conventional ones come from API_TEXT). */
export const API_REFILL_TEXT = {
  refillNotFound: REFILL_TEXT.notFound,
  missingRefillIds: `Give a refill id (refill) or up to ${MAX_ORDER_IDS_PER_REQUEST} comma-separated ids (refills)`,
  tooManyRefillIds: `At most ${MAX_ORDER_IDS_PER_REQUEST} refill ids per request`,
} as const;

/** Every answer of these actions is HTTP 200 (the panels' convention): a refusal is `{"error": ...}`. */
const ok = (body: unknown): ApiAnswer => ({ status: 200, body });

/** A refill refusal as the protocol's error object: the conventional text where there is one, and our code. */
function refillError(refusal: Refusal): { error: string; code: string } {
  const code = refusal.code ?? refusal.kind;
  return { error: code === REFILL_CODES.orderNotFound ? API_TEXT.incorrectOrderId : refusal.message, code };
}

const incorrectOrder = { error: API_TEXT.incorrectOrderId, code: REFILL_CODES.orderNotFound };

/** The ids of a request field ("1, 2,3" -> ["1", "2", "3"]). */
function listedIds(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
}

/** An API id when it is a plain integer, echoed back as a number; anything else as it came. */
const echoed = (id: string): number | string => (/^\d{1,15}$/.test(id) ? Number(id) : id);

/**
 * action=refill (product rules 4.7): `order` -> `{"refill": "12"}`, or `orders` (up to 100, comma-separated) ->
 * `[{"order": 1, "refill": 12}, {"order": 3, "refill": {"error": "..."}}]`. Each order is the caller's own and is
 * refilled through requestRefill, under the shop's refill rules; always HTTP 200.
 */
export async function apiRefill(
  db: Database,
  caller: { userId: string },
  params: Record<string, string>,
): Promise<ApiAnswer> {
  const many = params.orders !== undefined;
  const ids = listedIds(many ? params.orders : params.order);
  if (ids.length === 0) return ok({ error: API_TEXT.missingOrderIds });
  if (ids.length > MAX_ORDER_IDS_PER_REQUEST) return ok({ error: API_TEXT.tooManyOrderIds });
  const numbers = ids.map(orderNumberFromApiId).filter((number): number is string => number !== null);
  const rows = numbers.length
    ? await db
        .select({ id: orders.id, orderNumber: orders.orderNumber })
        .from(orders)
        .where(and(eq(orders.userId, caller.userId), inArray(orders.orderNumber, numbers)))
    : [];
  const orderIdOf = new Map(rows.map((row) => [row.orderNumber, row.id]));

  const refillOne = async (id: string) => {
    const orderId = orderIdOf.get(orderNumberFromApiId(id) ?? "");
    if (!orderId) return incorrectOrder;
    const refill = await requestRefill(db, { userId: caller.userId, orderId });
    return refill.ok ? refill.refill.id : refillError(refill);
  };

  if (!many) {
    const answer = await refillOne(ids[0] ?? "");
    return ok(typeof answer === "number" ? { refill: String(answer) } : answer);
  }
  const results = [];
  for (const id of ids) results.push({ order: echoed(id), refill: await refillOne(id) });
  return ok(results);
}

/**
 * action=refill_status: `refill` -> `{"status": "Completed"}`, or `refills` (up to 100) ->
 * `[{"refill": 1, "status": "Completed"}, {"refill": 3, "status": {"error": "Refill not found"}}]`. Only the
 * caller's own refills (another customer's is "Refill not found"); always HTTP 200.
 */
export async function apiRefillStatus(
  db: Database,
  caller: { userId: string },
  params: Record<string, string>,
): Promise<ApiAnswer> {
  const many = params.refills !== undefined;
  const ids = listedIds(many ? params.refills : params.refill);
  if (ids.length === 0) return ok({ error: API_REFILL_TEXT.missingRefillIds });
  if (ids.length > MAX_ORDER_IDS_PER_REQUEST) return ok({ error: API_REFILL_TEXT.tooManyRefillIds });
  const refills = await findCustomerRefills(db, {
    userId: caller.userId,
    refillIds: ids.filter((id) => /^\d{1,10}$/.test(id)).map(Number),
  });
  const statusOf = (id: string) => {
    const refill = /^\d{1,10}$/.test(id) ? refills.get(Number(id)) : undefined;
    return refill ? REFILL_STATUS_WORDS[refill.status] : null;
  };
  if (!many) {
    const status = statusOf(ids[0] ?? "");
    return ok(status ? { status } : { error: API_REFILL_TEXT.refillNotFound });
  }
  return ok(
    ids.map((id) => ({
      refill: echoed(id),
      status: statusOf(id) ?? { error: API_REFILL_TEXT.refillNotFound },
    })),
  );
}
