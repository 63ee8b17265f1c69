import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { users } from "../../db/schema.ts";
import { hasControlCharacter } from "../../lib/request-body.ts";
import { cents } from "../pricing/cents.ts";
import { type ApiAnswer, apiError, apiKeyRefusalAnswer } from "./api-answer.ts";
import { authenticateApiKey } from "./api-keys.server.ts";
import { apiDollars } from "./api-order-status.ts";
import { addApiOrder, cancelApiOrders, readApiOrderStatuses } from "./api-orders.server.ts";
import { listApiServices } from "./api-services.server.ts";
import { API_TEXT, unknownAction, unknownParameter } from "./api-text.ts";

const ACTIONS = ["services", "add", "status", "cancel", "refill", "balance"] as const;
type Action = (typeof ACTIONS)[number];

function isAction(value: string): value is Action {
  return (ACTIONS as readonly string[]).includes(value);
}

/** The parameters each action reads besides `key` and `action`: any other is refused, never silently dropped. */
const ACTION_PARAMS: Record<Action, readonly string[]> = {
  services: [],
  add: ["service", "link", "quantity", "idempotency_key"],
  status: ["order", "orders"],
  cancel: ["order", "orders"],
  refill: ["order", "orders"],
  balance: [],
};

/** The first parameter the action does not read, or the refusal of text no field accepts; null when clean. */
function paramsRefusal(action: Action, params: Record<string, string>): ApiAnswer | null {
  for (const [name, value] of Object.entries(params)) {
    if (hasControlCharacter(name) || hasControlCharacter(value))
      return apiError(400, API_TEXT.controlCharacter);
    if (name !== "key" && name !== "action" && !ACTION_PARAMS[action].includes(name))
      return apiError(400, unknownParameter(name));
  }
  return null;
}

/**
 * Answers one reseller API request (the standard panel protocol): authenticates the key and counts it against
 * its rate limit, then runs the action for the key's owner through the shop's own domain functions.
 */
export async function answerApiRequest(db: Database, params: Record<string, string>): Promise<ApiAnswer> {
  const action = (params.action ?? "").trim();
  // An order with a key this server has seen checks and counts the key inside its own statement.
  const caller = await authenticateApiKey(db, params.key ?? "", { forOrder: action === "add" });
  if (!caller.ok) return apiKeyRefusalAnswer(caller);
  if (!isAction(action)) return apiError(400, unknownAction(action));
  const refused = paramsRefusal(action, params);
  if (refused) return refused;
  switch (action) {
    case "services":
      return { status: 200, body: await listApiServices(db) };
    case "add":
      return addApiOrder(db, caller, params);
    case "status":
      return readApiOrderStatuses(db, caller.userId, params);
    case "cancel":
      return cancelApiOrders(db, caller.userId, params);
    case "refill":
      return apiError(400, API_TEXT.refillNotAvailable);
    case "balance": {
      const [wallet] = await db
        .select({ balanceCents: users.balanceCents })
        .from(users)
        .where(eq(users.id, caller.userId));
      return {
        status: 200,
        body: { balance: apiDollars(wallet?.balanceCents ?? cents(0)), currency: "USD" },
      };
    }
  }
}
