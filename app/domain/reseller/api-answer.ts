import type { Notice } from "../orders/messages.ts";
import { type Refusal, refusalHttpStatus } from "../refusal.ts";
import { rateLimitedInit } from "../security/rate-limited-answer.ts";
import { API_TEXT } from "./api-text.ts";

/** What the reseller API sends back: an HTTP status and a JSON body. */
export type ApiAnswer = { status: number; body: unknown; headers?: Record<string, string> };

/** The panels' standard error shape, `{ "error": text }`, with an optional machine-readable code. */
export function apiError(status: number, error: string, extra: Record<string, unknown> = {}): ApiAnswer {
  return { status, body: { error, ...extra } };
}

/** A shop notice (a refusal's title and message) as the one line of text an API error carries. */
export function apiErrorText(notice: Notice): string {
  return `${notice.title}: ${notice.message}`;
}

/**
 * The one mapping from a shop refusal to the panels' protocol (docs/decisions/017): `{ error, code }` with the
 * status of its kind; the error is the shop's own title and message, the code the spec's or else the kind.
 */
export function apiRefusalAnswer(refusal: Refusal): ApiAnswer {
  const error = refusal.title
    ? apiErrorText({ title: refusal.title, message: refusal.message })
    : refusal.message;
  const answer = apiError(refusalHttpStatus(refusal.kind), error, { code: refusal.code ?? refusal.kind });
  if (refusal.kind !== "rate_limited") return answer;
  const limited = rateLimitedInit(refusal.retryAfterSeconds ?? 1);
  return { ...answer, headers: { "Retry-After": limited.headers.get("Retry-After") ?? "1" } };
}

/** The answer to a key that is not (or no longer) valid, or past its rate limit. */
export function apiKeyRefusalAnswer(
  refusal: { reason: "invalid_key" } | { reason: "rate_limited"; retryAfterSeconds: number },
): ApiAnswer {
  if (refusal.reason === "invalid_key") return apiError(401, API_TEXT.invalidKey);
  const limited = rateLimitedInit(refusal.retryAfterSeconds);
  return {
    ...apiError(limited.status, API_TEXT.tooManyRequests),
    headers: { "Retry-After": limited.headers.get("Retry-After") ?? "1" },
  };
}
