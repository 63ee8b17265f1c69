import { randomBytes } from "node:crypto";
import { cookieValue } from "../../lib/cookie-header.ts";
import { env } from "../../lib/env.server.ts";

/**
 * The referral visitor id (docs/decisions/056): a random value in an HttpOnly, SameSite=Lax cookie that lives as
 * long as the attribution window. It names a referral_visits row and nothing else; it is not the analytics
 * visitor id, so turning analytics off or clearing it never moves a referral.
 */
const COOKIE_NAME = "boostly_ref";
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

/** A new visitor id: 128 random bits, so one cannot be guessed to take over another browser's visit. */
export function newReferralVisitorId(): string {
  return randomBytes(16).toString("base64url");
}

/** The visitor id a Cookie header carries, or null when it has none of the right shape. */
export function referralVisitorIdOf(cookieHeader: string | null | undefined): string | null {
  const value = cookieValue(cookieHeader, COOKIE_NAME);
  return value && VISITOR_ID.test(value) ? value : null;
}

/** The Set-Cookie header that keeps a visitor id for the attribution window. */
export function referralCookie(visitorId: string, days: number): string {
  const secure = env().isProduction ? "; Secure" : "";
  return `${COOKIE_NAME}=${visitorId}; Path=/; Max-Age=${days * 24 * 60 * 60}; HttpOnly; SameSite=Lax${secure}`;
}
