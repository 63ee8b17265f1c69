import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { hasControlCharacter } from "../../lib/request-body.ts";
import { readCustomerDiscount } from "../orders/customer-discount.server.ts";
import { cents } from "../pricing/cents.ts";
import { type ApiAnswer, apiError, apiOk, apiRefusalAnswer } from "./api-answer.ts";
import { authenticateApiKey } from "./api-keys.server.ts";
import { apiDollars } from "./api-order-status.ts";
import { type ApiCaller, cancelApiOrders, readApiOrderStatuses } from "./api-orders.server.ts";
import { apiRefill, apiRefillStatus } from "./api-refills.server.ts";
import { listApiServices } from "./api-services.server.ts";
import { SUBSCRIPTION_PARAMS } from "./api-subscription-fields.ts";
import { addApiOrderOrSubscription } from "./api-subscriptions.server.ts";
import { API_TEXT, unknownAction, unknownParameter } from "./api-text.ts";

type Params = Record<string, string>;

/** One action of the protocol: the parameters it reads besides `key` and `action`, and how it answers. */
type Action = {
  params: readonly string[];
  answer: (db: Database, caller: ApiCaller, params: Params) => Promise<ApiAnswer>;
};

/** The actions (docs/decisions/020-api-v2-conventions.md); an action or a parameter not listed is refused. */
const ACTIONS: Record<string, Action> = {
  services: {
    params: [],
    // The key owner's own rates: less their discount, if they have one (product rules 15.29).
    answer: async (db, caller) =>
      apiOk(await listApiServices(db, await readCustomerDiscount(db, caller.userId))),
  },
  add: {
    params: [
      "service",
      "link",
      "quantity",
      "idempotency_key",
      "runs",
      "interval",
      "comments",
      ...SUBSCRIPTION_PARAMS,
    ],
    answer: addApiOrderOrSubscription,
  },
  status: { params: ["order", "orders"], answer: readApiOrderStatuses },
  cancel: { params: ["order", "orders"], answer: cancelApiOrders },
  refill: { params: ["order", "orders"], answer: apiRefill },
  refill_status: { params: ["refill", "refills"], answer: apiRefillStatus },
  balance: { params: [], answer: readApiBalance },
};

/** The first parameter the action does not read, or the refusal of text no field accepts; null when clean. */
function paramsRefusal(action: Action, params: Params): ApiAnswer | null {
  for (const [name, value] of Object.entries(params)) {
    if (hasControlCharacter(name) || hasControlCharacter(value)) return apiError(API_TEXT.controlCharacter);
    if (name !== "key" && name !== "action" && !action.params.includes(name))
      return apiError(unknownParameter(name));
  }
  return null;
}

/**
 * The fields that say something: generic clients send every field of their sample, blank when unused
 * (`usernames=`, `runs=`), and a blank field is one not sent (docs/decisions/020).
 */
function filledParams(params: Params): Params {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value.trim() !== ""));
}

/**
 * Answers one reseller API request (the panels' protocol): authenticates the key and counts it against its rate
 * limit, then runs the action for the key's owner through the shop's own domain functions. Every answer, a
 * refusal too, is a JSON body for HTTP 200 (docs/decisions/020).
 */
export async function answerApiRequest(db: Database, params: Params): Promise<ApiAnswer> {
  const name = (params.action ?? "").trim();
  // An order with a key this server has seen checks and counts the key inside its own statement.
  const caller = await authenticateApiKey(db, params.key ?? "", { forOrder: name === "add" });
  if (!caller.ok) return apiRefusalAnswer(caller);
  const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
  if (!action) return apiError(unknownAction(name));
  const filled = filledParams(params);
  return paramsRefusal(action, filled) ?? action.answer(db, caller, filled);
}

/** action=balance: the wallet, as the panels show it. */
async function readApiBalance(db: Database, caller: ApiCaller): Promise<ApiAnswer> {
  const [wallet] = await db
    .select({ balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.id, caller.userId));
  return apiOk({ balance: apiDollars(wallet?.balanceCents ?? cents(0)), currency: "USD" });
}
