/**
 * The status and headers of every rate-limited answer (pages, resource routes; the reseller API takes only its
 * Retry-After, docs/decisions/020): 429 with a Retry-After header in whole seconds, at least 1. `headers` are the
 * answer's own (cookies, caching).
 */
export function rateLimitedInit(
  retryAfterSeconds: number,
  headers?: HeadersInit,
): { status: 429; headers: Headers } {
  const merged = new Headers(headers);
  merged.set("Retry-After", String(Math.max(1, Math.ceil(retryAfterSeconds || 1))));
  return { status: 429, headers: merged };
}

/**
 * A rate-limited page's `headers` export: React Router keeps only an action's cookies on the page's answer (a
 * document or its data request), so this carries its Retry-After too; the rest is as without the export.
 */
export function retryAfterHeaders(args: { actionHeaders: Headers; parentHeaders: Headers }): Headers {
  const headers = new Headers(args.parentHeaders);
  const retryAfter = args.actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
