import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { cookieNames } from "../../lib/cookie-header.ts";
import { env } from "../../lib/env.server.ts";
import { redirectWithToast } from "../../lib/toast.server.ts";
import { centsFromSql } from "../pricing/cents.ts";
import { can } from "./permissions.ts";
import type { SessionAccount } from "./read-session.server.ts";
import { safeNextPath } from "./safe-next.ts";
import { staffAccessProblem } from "./staff-access.server.ts";
import { VIEW_AS_MINUTES, VIEW_AS_TEXT } from "./view-as-text.ts";

/**
 * Viewing the shop as a customer (product rules 15.31-15.34, docs/decisions/054-view-as-customer.md): how a
 * request's account is chosen while a staff session views. The view is a `staff_views` row of the staff member's
 * session; storefront pages (GET) get the customer's account, every other storefront request is refused before it
 * acts, and the admin area stays the staff member's own.
 */

/** Who is looking at a customer's pages, shown in the banner. */
export type ViewedBy = { staffId: string; staffEmail: string; expiresAt: Date };

/** The customer's account as their own pages read it, marked with who views it. */
export type ViewedAccount = SessionAccount & { viewedBy: ViewedBy };

/**
 * The cookie that tells a request it may come from a viewing session, so the storefront's changes are checked
 * against the view even where a route reads no account (better-auth's endpoints, sign-out). It grants nothing:
 * the view is the session's row. Its presence also keeps both page caches out of the way (not a neutral cookie).
 */
export const VIEWING_COOKIE = "boostly_viewing";

/** The Set-Cookie header of the viewing cookie: set for the view's length, or cleared (`maxAgeSeconds` 0). */
export function viewingCookieHeader(maxAgeSeconds = VIEW_AS_MINUTES * 60): string {
  const secure = env().isProduction ? "; Secure" : "";
  return `${VIEWING_COOKIE}=${maxAgeSeconds ? "1" : ""}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly${secure}; SameSite=Lax`;
}

/** Whether a request carries the viewing cookie (then its changes are checked against a view). */
export function mayBeViewing(request: Request): boolean {
  return cookieNames(request.headers.get("Cookie")).includes(VIEWING_COOKIE);
}

/**
 * The customer a staff session views, or null: only a staff member whose role
 * may view and whose session may open /admin (two-factor, within the staff session's length) views anyone, only
 * until the view's end, and only a customer (an account that became staff meanwhile is no longer viewed).
 */
export async function readViewedAccount(db: Executor, staff: SessionAccount): Promise<ViewedAccount | null> {
  if (!can(staff.staffRole, "users.view_as") || staffAccessProblem(staff)) return null;
  const result = await db.execute<{
    id: string;
    email: string;
    balance_cents: string | number;
    created_at: Date | string;
    two_factor_enabled: boolean;
    page_version: string;
    expires_at: Date | string;
  }>(sql`
    select c.id, c.email, c.balance_cents, c.created_at, c.two_factor_enabled, v.expires_at,
      c.page_version || '.' || (select cv.version from site_content_version cv) as page_version
    from staff_views v join users c on c.id = v.customer_id
    where v.session_id = ${staff.sessionId} and v.staff_user_id = ${staff.id} and v.expires_at > now()
      and not exists (select 1 from user_roles r where r.user_id = c.id)`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    balanceCents: centsFromSql(row.balance_cents),
    isAdmin: false,
    staffRole: null,
    createdAt: new Date(row.created_at),
    pageVersion: row.page_version,
    twoFactorEnabled: row.two_factor_enabled,
    sessionCreatedAt: staff.sessionCreatedAt,
    sessionId: staff.sessionId,
    viewedBy: { staffId: staff.id, staffEmail: staff.email, expiresAt: new Date(row.expires_at) },
  };
}

/** The admin area, its data requests included: always the staff member's own (product rules 15.34). */
export function isAdminAreaPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/admin.");
}

/**
 * The account a request acts with, given its session's `account` and the customer that session views: the
 * customer for a storefront page, the staff member in the admin area, and for any other storefront request the
 * refusal, thrown (product rules 15.33): nothing is ever done as the customer.
 */
export async function accountForRequest<A extends SessionAccount>(
  request: Request,
  account: A | null,
  viewed: ViewedAccount | null,
): Promise<A | ViewedAccount | null> {
  if (!account || !viewed) return account;
  const url = new URL(request.url);
  if (isAdminAreaPath(url.pathname)) return account;
  if (request.method === "GET" || request.method === "HEAD") return viewed;
  throw await viewingRefusal(request, url);
}

/**
 * How a change is refused while viewing: an API request answers 403 with the message, a form post goes back to the
 * page it came from with the message as a toast; an analytics beacon is answered as received and not recorded.
 */
async function viewingRefusal(request: Request, url: URL): Promise<Response> {
  // The pages' own analytics beacons: a staff member's visit is not the customer's, so it is dropped unrecorded.
  if (url.pathname === "/api/events")
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  if (url.pathname.startsWith("/api/"))
    return Response.json(
      { code: "VIEWING_AS_CUSTOMER", error: VIEW_AS_TEXT.readOnly, message: VIEW_AS_TEXT.readOnly },
      { status: 403, headers: { "Cache-Control": "no-store" } },
    );
  return redirectWithToast(backTo(request, url), {
    title: VIEW_AS_TEXT.readOnlyTitle,
    description: VIEW_AS_TEXT.readOnly,
    variant: "destructive",
  });
}

function backTo(request: Request, url: URL): string {
  try {
    const referer = new URL(request.headers.get("Referer") ?? "");
    if (referer.origin === url.origin) return safeNextPath(`${referer.pathname}${referer.search}`);
  } catch {
    // No referer (or not a URL): the dashboard.
  }
  return "/dashboard";
}
