import type { RateLimitRule } from "../security/rate-limit.server.ts";

/** Requests per key per window, before RATE_LIMIT_MULTIPLIER: generous for a panel, a wall for a runaway loop. */
export const API_RATE_LIMIT: RateLimitRule = { limit: 1200, windowSeconds: 60 };

export const MAX_ACTIVE_API_KEYS = 10;

/** Order ids one status or cancel request may name. */
export const MAX_ORDER_IDS_PER_REQUEST = 100;

/** The largest request body the API reads: its requests are a handful of short fields. */
export const API_BODY_LIMIT_BYTES = 16 * 1024;

/** The reseller API's own texts (its answers are `{ "error": text }`, the panels' standard shape). */
export const API_TEXT = {
  invalidKey: "Invalid API key",
  serverError:
    "Something went wrong on our side. Send the same request again (with the same idempotency_key, an order is never made twice).",
  bodyTooLarge: `The request body is too large: send only the protocol's fields (at most ${API_BODY_LIMIT_BYTES / 1024} KB)`,
  unreadableBody: "The request body could not be read: send form fields (or a JSON object) key and action",
  wrongMethod: "Use POST with form fields key and action",
  incorrectOrderId: "Incorrect order ID",
  tooManyOrderIds: `At most ${MAX_ORDER_IDS_PER_REQUEST} order ids per request`,
  missingOrderIds: `Give an order id (order) or up to ${MAX_ORDER_IDS_PER_REQUEST} comma-separated ids (orders)`,
  refillNotAvailable: "Refill is not available for this order",
  tooManyRequests: "Too many requests for this API key. Please slow down and try again shortly.",
  keyNameRequired: "Give the key a name, such as the panel or script that will use it",
  tooManyKeys: `You already have ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one you no longer use first.`,
  keyNotFound: "This API key does not exist or is already revoked",
  controlCharacter: "A parameter contains control characters (such as a NUL byte): send plain text",
} as const;

export function unknownAction(action: string): string {
  return `Unknown action "${action.slice(0, 40)}". Use services, add, status, cancel, refill or balance.`;
}

export function unknownParameter(name: string): string {
  return `Unknown parameter: ${name.slice(0, 40)}`;
}

export function missingField(field: string): string {
  return `Missing or invalid parameter: ${field}`;
}
