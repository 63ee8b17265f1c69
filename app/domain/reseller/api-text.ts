import { AUTO_POSTS_MAX, AUTO_POSTS_MIN } from "../orders/quantity-input.ts";
import type { RateLimitRule } from "../security/rate-limit.server.ts";

/** Requests per key per window, before RATE_LIMIT_MULTIPLIER: generous for a panel, a wall for a runaway loop. */
export const API_RATE_LIMIT: RateLimitRule = { limit: 1200, windowSeconds: 60 };

export const MAX_ACTIVE_API_KEYS = 10;

/** Order ids one status or cancel request may name. */
export const MAX_ORDER_IDS_PER_REQUEST = 100;

/** The largest request body the API reads: its requests are a handful of short fields. */
export const API_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The reseller API's texts, in one place. A refusal is exactly `{ "error": text }` with HTTP 200
 * (docs/decisions/020-api-v2-conventions.md); the first texts are the panels' conventional ones, which their
 * scripts match word for word ("Not enough funds" = top up, "Incorrect service" = drop the mapping), and the rest
 * follow their short, plain style.
 */
/** The longest wait of a subscription's delay, in minutes (docs/decisions/023; the auto_orders_delay_range check). */
export const SUBSCRIPTION_DELAY_MAX_MINUTES = 600;

export const API_TEXT = {
  invalidKey: "Invalid API key",
  incorrectServiceId: "Incorrect service ID",
  incorrectOrderId: "Incorrect order ID",
  packageLinkOnly: "A package takes a link only (no quantity, runs, interval or comments)",
  notEnoughFunds: "Not enough funds on balance",
  // An order whose charge is below the known cost of what it sends upstream (product rules 13.12).
  belowCost: "This service cannot be ordered at this price right now, try again later",
  incorrectQuantity: "Incorrect quantity",
  refillNotFound: "Refill not found",
  tooManyRequests: "Too many requests for this API key, try again shortly",
  serverError:
    "Something went wrong on our side, send the same request again (with the same idempotency_key)",
  tooManyOrderIds: `At most ${MAX_ORDER_IDS_PER_REQUEST} order ids per request`,
  missingOrderIds: `Give an order id (order) or up to ${MAX_ORDER_IDS_PER_REQUEST} comma-separated ids (orders)`,
  missingRefillIds: `Give a refill id (refill) or up to ${MAX_ORDER_IDS_PER_REQUEST} comma-separated ids (refills)`,
  controlCharacter: "Parameters must not contain control characters",
  // Subscriptions (auto orders, docs/decisions/023-api-subscriptions.md).
  incorrectUsername: "Incorrect username: send the profile's username or its link",
  minAboveMax: "min must not be more than max",
  postsOutOfRange: `posts must be a whole number from ${AUTO_POSTS_MIN} to ${AUTO_POSTS_MAX}, or 0 for as many as a subscription holds`,
  incorrectDelay: `Incorrect delay: whole minutes from 0 to ${SUBSCRIPTION_DELAY_MAX_MINUTES}`,
  incorrectExpiry: "Incorrect expiry: a day from today on, as d/m/Y",
  oldPostsNotSupported: "Old posts are not supported: send old_posts=0",
  // Transport failures: the only answers that are not HTTP 200.
  bodyTooLarge: `Request body too large, send only the protocol's fields (at most ${API_BODY_LIMIT_BYTES / 1024} KB)`,
  unreadableBody: "Request body could not be read, send form fields or a JSON object",
  wrongMethod: "Use GET or POST",
  // The profile's key management.
  keyNameRequired: "Give the key a name, such as the panel or script that will use it",
  tooManyKeys: `You already have ${MAX_ACTIVE_API_KEYS} active API keys. Revoke one you no longer use first.`,
  keyNotFound: "This API key does not exist or is already revoked",
} as const;

/** The panels' text for a quantity under the service's minimum. */
export function quantityBelowMin(min: number): string {
  return `Quantity less than minimal ${min}`;
}

/** The panels' text for a quantity over the service's maximum. */
export function quantityAboveMax(max: number): string {
  return `Quantity more than maximal ${max}`;
}

export function unknownAction(action: string): string {
  return `Unknown action "${action.slice(0, 40)}"`;
}

export function unknownParameter(name: string): string {
  return `Unknown parameter "${name.slice(0, 40)}"`;
}

export function missingField(field: string): string {
  return `Missing or invalid parameter "${field.slice(0, 40)}"`;
}

/** A field of one order type sent to a service of the other (link on a subscription, posts on a one-time service). */
export function fieldNotForType(field: string, type: "Default" | "Subscriptions"): string {
  const takes =
    type === "Subscriptions" ? "username, min, max, posts, delay and expiry" : "link and quantity";
  return `This ${type} service does not take "${field.slice(0, 40)}": it takes ${takes}`;
}

/** The API keys on a user's admin page (product rules 15.24). */
export const API_KEY_ADMIN_TEXT = {
  heading: "API keys",
  none: "No active API keys.",
  revokedTitle: "API key revoked",
  revoked: "Requests with this key are refused from now on.",
  refusedTitle: "Not revoked",
} as const;
