import { db } from "../../db/client.server.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { mergeCookies } from "./auth-response.server.ts";
import { ACCOUNT_TEXT } from "./messages.ts";
import { isStaff } from "./roles.server.ts";
import { signInWithPassword } from "./sign-in.server.ts";
import { verifySignInCode } from "./sign-in-code.server.ts";
import { signOut } from "./sign-out.server.ts";

/** A customer's correct password at /admin-login: refused with this code, and signed out (product rules 5.4). */
export const NOT_ADMIN_CODE = "not_admin";

export type AdminSignInResult =
  | { ok: true; cookies: Headers; secondFactor?: boolean }
  | (Refusal & { cookies?: Headers });

/**
 * Signs in through /admin-login. A correct password of a non-admin ends at once: the new session is
 * revoked on the server, and so is any session the browser already had (product rules 5.4).
 */
export async function signInAsAdmin(
  request: Request,
  input: { email: string; password: string },
): Promise<AdminSignInResult> {
  const result = await signInWithPassword(request, { ...input, callbackPath: "/admin" });
  if (!result.ok) return result;
  // The code comes first; whether the account is staff is checked once it is signed in (below).
  if (result.secondFactor) return { ok: true, cookies: result.cookies, secondFactor: true };
  return keepOnlyStaff(request, result);
}

/** The second step at /admin-login (product rules 15.12): the code, then the same staff check as above. */
export async function verifyAdminSignInCode(
  request: Request,
  input: { email: string; code: string },
): Promise<AdminSignInResult> {
  const result = await verifySignInCode(request, input);
  if (!result.ok) return result;
  return keepOnlyStaff(request, result);
}

async function keepOnlyStaff(
  request: Request,
  result: { userId: string; cookies: Headers },
): Promise<AdminSignInResult> {
  if (await isStaff(db(), result.userId)) return { ok: true, cookies: result.cookies };
  const newSession = new Request(request.url, {
    headers: { cookie: cookieHeaderFrom(result.cookies), origin: request.headers.get("origin") ?? "" },
  });
  const cleared = await signOut(newSession);
  if (request.headers.get("cookie")) await signOut(request);
  return {
    ...refuse("forbidden", ACCOUNT_TEXT.adminAccessDenied, {
      title: ACCOUNT_TEXT.adminAccessDeniedTitle,
      code: NOT_ADMIN_CODE,
    }),
    cookies: mergeCookies(cleared),
  };
}

/** The Cookie header a browser would send back for these Set-Cookie headers. */
function cookieHeaderFrom(setCookies: Headers): string {
  return setCookies
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter(Boolean)
    .join("; ");
}
