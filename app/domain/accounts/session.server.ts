import { data, redirect } from "react-router";
import { db } from "../../db/client.server.ts";
import { env } from "../../lib/env.server.ts";
import { pagePath } from "../../lib/page-path.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { auth, SESSION_POLICY } from "./auth.server.ts";
import { ACCOUNT_TEXT } from "./messages.ts";
import { can, homeOf, type Permission, permissionForAdminPath } from "./permissions.ts";
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
import {
  accountForRequest,
  isAdminAreaPath,
  mayBeViewing,
  readViewedAccount,
  type ViewedAccount,
  type ViewedBy,
} from "./view-as.server.ts";
import { endViewAs } from "./view-as-customer.server.ts";

const ADMIN_REFUSAL = ACCOUNT_TEXT.adminAccessDenied;
const STAFF_REFUSAL = ACCOUNT_TEXT.staffAccessDenied;

let cookieName: string | undefined;
/** The session cookie's name as better-auth sets it (with the __Secure- prefix in production). */
export async function sessionCookieName(): Promise<string> {
  cookieName ??= (await auth().$context).authCookies.sessionToken.name;
  return cookieName;
}

/**
 * The signed-in account of a request, as the session query reads it; on a storefront page that a staff session
 * views as a customer, that customer's, marked `viewedBy` (product rules 15.31, view-as.server.ts).
 */
export type CurrentUser = SessionAccount & { viewedBy?: ViewedBy };

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
export async function sessionToken(request: Request): Promise<string | null> {
  return verifiedSessionToken(request.headers.get("Cookie"), await sessionCookieName(), env().authSecret);
}

async function readCurrentUser(request: Request): Promise<CurrentUser | null> {
  // The admin area is always the staff member's own: no view is read there (product rules 15.34).
  const storefront = !isAdminAreaPath(new URL(request.url).pathname);
  const read = await readSession(request.headers.get("Cookie"), storefront);
  return accountForRequest(request, read?.account ?? null, read?.viewed ?? null);
}

/**
 * The account a Cookie header signs in, read fresh from PostgreSQL, or null: what the account page cache checks
 * before it answers (docs/decisions/032-account-page-cache.md). Null as well while the session views a customer:
 * such a page is rendered for its request and never kept (docs/decisions/054-view-as-customer.md).
 */
export async function accountOfCookieHeader(cookieHeader: string | null): Promise<CurrentUser | null> {
  const read = await readSession(cookieHeader, true);
  return read && !read.viewed ? read.account : null;
}

/** The session's account and, for staff on the storefront, the customer the session views (or null). */
async function readSession(
  cookieHeader: string | null,
  withView: boolean,
): Promise<{ account: SessionAccount; viewed: ViewedAccount | null } | null> {
  // One query per request instead of better-auth's session read plus ours: this runs on every page and action.
  const token = verifiedSessionToken(cookieHeader, await sessionCookieName(), env().authSecret);
  if (!token) return null;
  const account = await readSessionAccount(db(), token, SESSION_POLICY);
  if (!account) return null;
  const viewed = withView && account.staffRole ? await readViewedAccount(db(), account) : null;
  return { account, viewed };
}

/**
 * The root's guard of every storefront change (product rules 15.33): a request that may come from a session
 * viewing a customer is refused here when it does, whether or not its route reads an account (better-auth's
 * endpoints, sign-out). Routes that read one are refused by getCurrentUser in any case.
 */
export async function refuseChangesWhileViewing(request: Request): Promise<void> {
  if (request.method === "GET" || request.method === "HEAD" || !mayBeViewing(request)) return;
  // Signing out is the staff member's own and ends the view with their session: its end is audited first.
  if (new URL(request.url).pathname === "/logout") return endViewOfSigningOut(request);
  await readCurrentUser(request);
}

async function endViewOfSigningOut(request: Request): Promise<void> {
  const token = await sessionToken(request);
  const account = token ? await readSessionAccount(db(), token, SESSION_POLICY) : null;
  if (token && account?.staffRole) await endViewAs(db(), { staffId: account.id, sessionToken: token });
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
 * How a request of someone who may not do it is refused: a page sends a visitor or customer to /admin-login and
 * a staff member to the first admin page their role opens, told why (sending them to /admin-login would send them
 * back); anything else answers 403 (product rules 15.3).
 */
async function refuseStaffRequest(request: Request, user: CurrentUser | null): Promise<never> {
  if (request.method === "GET" || request.method === "HEAD") {
    if (user?.staffRole)
      throw await redirectWithToast(homeOf(user.staffRole), {
        title: ACCOUNT_TEXT.adminAccessDeniedTitle,
        description: STAFF_REFUSAL,
        variant: "destructive",
      });
    throw redirect("/admin-login");
  }
  throw data({ error: user?.staffRole ? STAFF_REFUSAL : ADMIN_REFUSAL }, { status: 403 });
}

/**
 * A staff member let in by their role, once their session passed two-factor and is within the staff session's
 * length (product rules 15.14-15.16): the one second-factor check of every staff guard below.
 */
async function staffWithSecondFactor(request: Request, user: CurrentUser): Promise<CurrentUser> {
  await requireSecondFactor(request, user);
  return user;
}

/**
 * The signed-in owner or admin (everything but role management, product rules 15.2). Everyone else is refused on
 * every request: pages send visitors and customers to /admin-login, actions and data requests answer 403 so no
 * admin change ever runs for them; support staff are told they may not.
 */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user?.isAdmin) return staffWithSecondFactor(request, user);
  return refuseStaffRequest(request, user);
}

/**
 * The signed-in staff member whose role grants `permission` (app/domain/accounts/permissions.ts), refused as
 * requireAdmin refuses otherwise: the check of every admin page or action support may use (product rules 15.3).
 */
export async function requireStaff(request: Request, permission: Permission): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (user && can(user.staffRole, permission)) return staffWithSecondFactor(request, user);
  return refuseStaffRequest(request, user);
}

/**
 * The admin layout's guard, run before every /admin loader and action: the permission the request's admin route
 * declares in ADMIN_ROUTE_PERMISSIONS, or an owner or admin for a route that declares none (product rules 15.3).
 * Staff who may not read the dashboard are sent from /admin to the first page they may open.
 */
export async function requireStaffForAdminPath(request: Request): Promise<CurrentUser> {
  const { pathname } = new URL(request.url);
  const permission = permissionForAdminPath(pathname, request.method);
  if (!permission) return requireAdmin(request);
  const user = await getCurrentUser(request);
  if (user && can(user.staffRole, permission)) return staffWithSecondFactor(request, user);
  const read = request.method === "GET" || request.method === "HEAD";
  if (user?.staffRole && read && pathname.replace(/\/$/, "") === "/admin") {
    await requireSecondFactor(request, user);
    throw redirect(homeOf(user.staffRole));
  }
  return refuseStaffRequest(request, user);
}

export { safeNextPath };
