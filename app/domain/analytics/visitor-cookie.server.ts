import { randomBytes } from "node:crypto";
import { cookieValue } from "../../lib/cookie-header.ts";
import { env } from "../../lib/env.server.ts";

/**
 * The first-party visitor id: a random value in an HttpOnly, SameSite=Lax cookie. It identifies a browser for
 * analytics only; it holds no personal data and is never linked to anything but analytics_events rows.
 */
const COOKIE_NAME = "boostly_visitor";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

/** The request's visitor id, or a new one with the Set-Cookie header that stores it. */
export function readOrMintVisitorId(request: Request): { visitorId: string; setCookie: string | null } {
  const existing = cookieValue(request.headers.get("Cookie"), COOKIE_NAME);
  if (existing && VISITOR_ID.test(existing)) return { visitorId: existing, setCookie: null };
  const visitorId = randomBytes(16).toString("base64url");
  const secure = env().isProduction ? "; Secure" : "";
  return {
    visitorId,
    setCookie: `${COOKIE_NAME}=${visitorId}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
  };
}
