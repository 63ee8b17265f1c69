import { db } from "../../db/client.server.ts";
import { mergeCookies } from "./auth-response.server.ts";
import { isAdmin } from "./roles.server.ts";
import { signInWithPassword } from "./sign-in.server.ts";
import { signOut } from "./sign-out.server.ts";

export type AdminSignInResult =
  | { ok: true; cookies: Headers }
  | { ok: false; reason: "not_admin"; cookies: Headers }
  | { ok: false; reason: "failed"; message: string; status: number; retryAfterSeconds?: number };

/**
 * Signs in through /admin-login. A correct password of a non-admin ends at once: the new session is
 * revoked on the server, and so is any session the browser already had (product rules 5.4).
 */
export async function signInAsAdmin(
  request: Request,
  input: { email: string; password: string },
): Promise<AdminSignInResult> {
  const result = await signInWithPassword(request, { ...input, callbackPath: "/admin" });
  if (!result.ok) {
    const { message, status, retryAfterSeconds } = result;
    return { ok: false, reason: "failed", message, status, retryAfterSeconds };
  }
  if (await isAdmin(db(), result.userId)) return { ok: true, cookies: result.cookies };
  const newSession = new Request(request.url, {
    headers: { cookie: cookieHeaderFrom(result.cookies), origin: request.headers.get("origin") ?? "" },
  });
  const cleared = await signOut(newSession);
  if (request.headers.get("cookie")) await signOut(request);
  return { ok: false, reason: "not_admin", cookies: mergeCookies(cleared) };
}

/** The Cookie header a browser would send back for these Set-Cookie headers. */
function cookieHeaderFrom(setCookies: Headers): string {
  return setCookies
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter(Boolean)
    .join("; ");
}
