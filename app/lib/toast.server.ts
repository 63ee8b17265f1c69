import { createHmac, timingSafeEqual } from "node:crypto";
import { data, redirect } from "react-router";
import { z } from "zod";
import { cookieValue } from "./cookie-header.ts";
import { env } from "./env.server.ts";

export const toastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
});
export type Toast = z.input<typeof toastSchema>;

const TOAST_COOKIE = "boostly_toast";
/** A minute at most: a toast whose page is never reached (a redirect chain that goes elsewhere) is not shown later. */
const TOAST_MAX_AGE_SECONDS = 60;

/**
 * The signed value React Router's createCookie writes (base64 of the JSON, ".", the unpadded base64 HMAC-SHA256),
 * computed with node:crypto at once instead of WebCrypto's asynchronous key import and sign on every order
 * (docs/decisions/029-lean-request-path.md). React Router's cookie parses it as its own.
 */
export function signedToastValue(value: unknown, secret: string): string {
  const encoded = Buffer.from(JSON.stringify(value), "utf8").toString("base64");
  const signature = createHmac("sha256", secret).update(encoded).digest("base64").replace(/=+$/, "");
  return `${encoded}.${signature}`;
}

/** The value of a cookie signed as signedToastValue signs, or null when it is not signed with `secret`. */
export function verifiedToastValue(signed: string, secret: string): unknown {
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const encoded = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(encoded).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(encoded, "base64").toString("utf8"));
  } catch {
    return null;
  }
}

/** This request's toast cookie, verified, or null (absent, unsigned or signed with another secret). */
function toastCookieValue(cookieHeader: string | null): unknown {
  const sent = cookieValue(cookieHeader, TOAST_COOKIE);
  if (sent === undefined) return null;
  let value: string;
  try {
    value = decodeURIComponent(sent);
  } catch {
    return null;
  }
  return value ? verifiedToastValue(value, env().authSecret) : null;
}

/**
 * A Set-Cookie header that shows the toast on the page at `path`. The cookie is the browser's, shared by every
 * tab (and by every server on the host): scoped to its destination, it is not taken by another tab's reload
 * (a live balance update in a second tab revalidating its own page) before the page it was meant for arrives.
 */
function toastHeader(toast: Toast, path: string): string {
  const value = signedToastValue({ ...toastSchema.parse(toast), path }, env().authSecret);
  return toastCookieHeader(encodeURIComponent(value), TOAST_MAX_AGE_SECONDS);
}

/** The toast cookie's Set-Cookie header (the attributes React Router's createCookie gave it). */
function toastCookieHeader(value: string, maxAge: number): string {
  const secure = env().isProduction ? "; Secure" : "";
  return `${TOAST_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly${secure}; SameSite=Lax`;
}

/** Redirects and shows a toast on arrival (used after actions and by guards). */
export async function redirectWithToast(
  url: string,
  toast: Toast,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", toastHeader(toast, new URL(url, "http://boostly.local").pathname));
  return redirect(url, { ...init, headers });
}

/** The page a request renders: React Router's data requests add `.data` to its path (`_.data` after a slash). */
function pagePath(request: Request): string {
  const path = new URL(request.url).pathname;
  if (path.endsWith("/_.data")) return path.slice(0, -"_.data".length);
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

/** Reads the pending toast, if any, and the header that clears it. */
export async function takeToast(
  request: Request,
): Promise<{ toast: z.output<typeof toastSchema> | null; headers: Headers }> {
  const value = toastCookieValue(request.headers.get("Cookie"));
  const headers = new Headers();
  if (!value) return { toast: null, headers };
  const destination = (value as { path?: unknown }).path;
  // Meant for another page: left for that page's own request.
  if (typeof destination === "string" && destination !== pagePath(request)) return { toast: null, headers };
  const parsed = toastSchema.safeParse(value);
  headers.append("Set-Cookie", toastCookieHeader("", 0));
  return { toast: parsed.success ? parsed.data : null, headers };
}

/**
 * The answer to an admin change: a refusal stays on the page (the body and status of the domain's refusalAnswer,
 * shown in place); a change that was made goes to `url` and shows its notice as a toast.
 */
export async function answerAdminChange<B>(
  answer: { ok: true; notice: { title: string; message: string } } | { body: B; init: ResponseInit },
  url: string,
) {
  if ("body" in answer) return data(answer.body, answer.init);
  return redirectWithToast(url, {
    title: answer.notice.title,
    description: answer.notice.message || undefined,
  });
}
