import { data, redirect } from "react-router";
import { db } from "../../db/client.server.ts";
import { env } from "../../lib/env.server.ts";
import { pagePath } from "../../lib/page-path.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { auth, SESSION_POLICY } from "./auth.server.ts";
import { readSessionAccount, type SessionAccount, verifiedSessionToken } from "./read-session.server.ts";
import { safeNextPath } from "./safe-next.ts";
import {
  forgetOrderingSession,
  isSessionEnded,
  type OrderingSession,
  readOrderingSession,
  sessionAuthorisation,
} from "./session-authorisation.server.ts";
import { requireSecondFactor } from "./staff-access.server.ts";

let cookieName: string | undefined;
/** The session cookie's name as better-auth sets it (with the __Secure- prefix in production). */
export async function sessionCookieName(): Promise<string> {
  cookieName ??= (await auth().$context).authCookies.sessionToken.name;
  return cookieName;
}

/** The signed-in account of a request, as the session query reads it. */
export type CurrentUser = SessionAccount;

// The middleware, the layouts' loaders and the page's loader of one request all ask who is signed in; a read
// (GET or HEAD) changes nothing, so they share one answer. An action asks afresh: it may have just changed it.
// The server loads this file from source and the route modules get their own copy inside the server build: the
// map is kept on globalThis (like the database context), so an account the account page cache has just read for
// a request is the one its render uses (rememberCurrentUser): the session is read once per request.
const readsKey = Symbol.for("boostly.accountsOfReads");
const holder = globalThis as unknown as { [readsKey]?: WeakMap<Request, Promise<CurrentUser | null>> };
holder[readsKey] ??= new WeakMap();
const accountsOfReads = holder[readsKey];

/** The signed-in account of this request, read fresh from PostgreSQL (balance and role included), or null. */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return readCurrentUser(request);
  let account = accountsOfReads.get(request);
  if (!account) {
    account = readCurrentUser(request);
    accountsOfReads.set(request, account);
  }
  return account;
}

/** Tells this request's loaders who is signed in: the account the server read for it a moment ago (a GET). */
export function rememberCurrentUser(request: Request, account: CurrentUser | null): void {
  accountsOfReads.set(request, Promise.resolve(account));
}

/** The request's session token, its signature verified (no database read), or null. */
async function sessionToken(request: Request): Promise<string | null> {
  return verifiedSessionToken(request.headers.get("Cookie"), await sessionCookieName(), env().authSecret);
}

function readCurrentUser(request: Request): Promise<CurrentUser | null> {
  return accountOfCookieHeader(request.headers.get("Cookie"));
}

/**
 * The account a Cookie header signs in, read fresh from PostgreSQL, or null: the request's user, and what the
 * account page cache checks before it answers (docs/decisions/032-account-page-cache.md).
 */
export async function accountOfCookieHeader(cookieHeader: string | null): Promise<CurrentUser | null> {
  // One query per request instead of better-auth's session read plus ours: this runs on every page and action.
  const token = verifiedSessionToken(cookieHeader, await sessionCookieName(), env().authSecret);
  if (!token) return null;
  return readSessionAccount(db(), token, SESSION_POLICY);
}

/** Path and query of the request, for the `next` parameter of the login redirect. */
export function currentPath(request: Request): string {
  return pagePath(new URL(request.url)).path;
}

/**
 * The signed-in user, or a redirect of the visitor to /login?next={this page}; `explain` shows the visitor why
 * (a toast with the spec's text, e.g. 'Authentication required').
 */
export async function requireUser(
  request: Request,
  explain?: { title: string; description: string },
): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user) return user;
  const login = `/login?next=${encodeURIComponent(currentPath(request))}`;
  if (explain) throw await redirectWithToast(login, { ...explain, variant: "destructive" });
  throw redirect(login);
}

/**
 * An order form's customer, for an action that places an order with the session's `authorisation` (its
 * statement re-checks the session, so this may come from the process's short cache: docs/decisions/029), or
 * the visitor's redirect to /login as requireUser answers it.
 */
export async function requireOrderingSession(
  request: Request,
  explain: { title: string; description: string },
): Promise<OrderingSession> {
  const token = await sessionToken(request);
  const session = token ? await readOrderingSession(db(), token) : null;
  if (session) return session;
  // No session: the redirect (a session created in between is read by requireUser, the token is then there).
  const user = await requireUser(request, explain);
  return { userId: user.id, authorisation: sessionAuthorisation(token ?? "", user.id) };
}

/**
 * After an order refused by `verdict`: when the order statement found the session ended (signed out on any
 * server since it was cached), the login redirect as requireUser answers it; otherwise nothing.
 */
export async function refuseEndedSession(
  request: Request,
  verdict: unknown,
  explain: { title: string; description: string },
): Promise<void> {
  if (!isSessionEnded(verdict)) return;
  const token = await sessionToken(request);
  if (token) forgetOrderingSession(token);
  await requireUser(request, explain);
}

/**
 * The signed-in admin. Everyone else is refused on every request: pages send them to /admin-login,
 * actions and data requests answer 403 so no admin change ever runs for them. An admin without two-factor (or
 * past the staff session's length) is refused too (product rules 15.14-15.16).
 */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user?.isAdmin) {
    await requireSecondFactor(request, user);
    return user;
  }
  if (request.method === "GET" || request.method === "HEAD") throw redirect("/admin-login");
  throw data({ error: "You don't have admin privileges" }, { status: 403 });
}

export { safeNextPath };
