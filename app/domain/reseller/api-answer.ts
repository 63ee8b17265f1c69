import { rateLimitedInit } from "../../lib/rate-limited-answer.ts";
import { AUTO_SERVICE_NOT_SUPPORTED, BELOW_COST } from "../orders/messages.ts";
import type { Refusal } from "../refusal.ts";
import { API_TEXT, quantityAboveMax, quantityBelowMin } from "./api-text.ts";

/**
 * What the reseller API sends back: a JSON body, always with HTTP 200 (docs/decisions/020: clients tell success
 * from refusal by the body's `error`), and headers such as a rate limit's Retry-After.
 */
export type ApiAnswer = { body: unknown; headers?: Record<string, string> };

/**
 * An error exactly as the panels send it, `{ "error": text }` and no other member: strict clients treat an answer
 * as a refusal only when `error` is its one key (docs/decisions/020).
 */
export type ApiError = { error: string };

/** The panels' error shape, as a whole answer. */
export function apiError(error: string): ApiAnswer {
  return { body: { error } satisfies ApiError };
}

/** An order id that is not one of the caller's orders: the panels' "Incorrect order ID". */
export const INCORRECT_ORDER: ApiError = { error: API_TEXT.incorrectOrderId };

/** A successful answer: the action's body. */
export function apiOk(body: unknown): ApiAnswer {
  return { body };
}

/**
 * The API's text for a shop refusal, chosen by its code, then its kind (docs/decisions/017, 020): the panels'
 * conventional texts where they have one, else the refusal's own plain message (never its toast title).
 */
function apiRefusalText(refusal: Refusal): string {
  switch (refusal.code) {
    case "quantity_below_min":
      return quantityBelowMin(refusal.quantityLimit ?? 0);
    case "quantity_above_max":
      return quantityAboveMax(refusal.quantityLimit ?? 0);
    case "unknown_service":
    case AUTO_SERVICE_NOT_SUPPORTED:
      return API_TEXT.incorrectServiceId;
    case BELOW_COST:
      return API_TEXT.belowCost;
  }
  switch (refusal.kind) {
    case "insufficient_funds":
      return API_TEXT.notEnoughFunds;
    case "rate_limited":
      return API_TEXT.tooManyRequests;
    case "failed":
      return API_TEXT.serverError;
    case "not_found":
      // The API looks up nothing by id but its caller's orders.
      return API_TEXT.incorrectOrderId;
    default:
      return refusal.message;
  }
}

/**
 * The one mapping from a shop refusal to the panels' protocol: `{ error }`, the text of apiRefusalText; a limit
 * adds its Retry-After header.
 */
export function apiRefusalError(refusal: Refusal): ApiError {
  return { error: apiRefusalText(refusal) };
}

/** A shop refusal as a whole answer (see apiRefusalError). */
export function apiRefusalAnswer(refusal: Refusal): ApiAnswer {
  const answer: ApiAnswer = { body: apiRefusalError(refusal) };
  if (refusal.kind !== "rate_limited") return answer;
  return { ...answer, headers: retryAfter(refusal.retryAfterSeconds ?? 1) };
}

function retryAfter(seconds: number): Record<string, string> {
  return { "Retry-After": rateLimitedInit(seconds).headers.get("Retry-After") ?? "1" };
}
