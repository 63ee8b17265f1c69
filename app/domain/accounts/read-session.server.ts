import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { executePrepared } from "../../db/prepared-statement.server.ts";
import { cookieValue } from "../../lib/cookie-header.ts";
import { type Cents, centsFromSql } from "../pricing/cents.ts";
import { isAdminRole, type StaffRole } from "./permissions.ts";

export type SessionAccount = {
  id: string;
  email: string;
  balanceCents: Cents;
  /** Owner or admin: everything but role management (product rules 15.2). */
  isAdmin: boolean;
  /** The account's staff role, or null for a customer (product rules 15.1). */
  staffRole: StaffRole | null;
  createdAt: Date;
  /**
   * The versions of what this customer's own pages show and of the shop's content, read with the session: a kept
   * page's key (docs/decisions/035-versioned-page-caches.md).
   */
  pageVersion: string;
  /** Whether the account signs in with a second factor (product rules 15.10). */
  twoFactorEnabled: boolean;
  /** When this session began (staff sessions open /admin for a shorter time, product rules 15.16). */
  sessionCreatedAt: Date;
  /** The session's own id: what a fresh second-factor check is recorded against (product rules 15.35). */
  sessionId: string;
};

/** better-auth's session cookie: `{token}.{base64 HMAC-SHA256(secret, token)}`, URL-encoded. */
export function verifiedSessionToken(
  cookieHeader: string | null,
  cookieName: string,
  secret: string,
): string | null {
  const sent = cookieValue(cookieHeader, cookieName);
  if (sent === undefined) return null;
  let value: string;
  try {
    value = decodeURIComponent(sent);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The account behind a valid, unexpired session token, with its balance and staff role, in one query. A
 * session past its refresh age is extended (sliding expiry), as better-auth itself does. A suspended account
 * has no session (product rules 15.20): one that slipped in while its suspension committed signs in nobody.
 */
export async function readSessionAccount(
  db: Executor,
  token: string,
  policy: { expiresInSeconds: number; updateAgeSeconds: number },
): Promise<SessionAccount | null> {
  // Every page and action of a signed-in customer runs this: a named prepared statement, parsed and planned once
  // per connection (docs/decisions/029-lean-request-path.md).
  const result = await executePrepared<{
    id: string;
    email: string;
    balance_cents: string | number;
    created_at: Date | string;
    staff_role: StaffRole | null;
    session_id: string;
    refresh_due: boolean;
    page_version: string;
    two_factor_enabled: boolean;
    session_created_at: Date | string;
  }>(
    db,
    sql`
    select u.id, u.email, u.balance_cents, u.created_at, s.id as session_id, u.two_factor_enabled,
      s.created_at as session_created_at,
      u.page_version || '.' || (select v.version from site_content_version v) as page_version,
      (select r.role from user_roles r where r.user_id = u.id order by r.role limit 1) as staff_role,
      s.expires_at < now() + make_interval(secs => ${policy.expiresInSeconds - policy.updateAgeSeconds}) as refresh_due
    from sessions s join users u on u.id = s.user_id
    where s.token = ${token} and s.expires_at > now()
      and not exists (select 1 from account_suspensions a where a.user_id = u.id)`,
  );
  const row = result.rows[0];
  if (!row) return null;
  if (row.refresh_due) {
    await db.execute(sql`
      update sessions set expires_at = now() + make_interval(secs => ${policy.expiresInSeconds}), updated_at = now()
      where id = ${row.session_id}`);
  }
  return {
    id: row.id,
    email: row.email,
    balanceCents: centsFromSql(row.balance_cents),
    isAdmin: isAdminRole(row.staff_role),
    staffRole: row.staff_role,
    createdAt: new Date(row.created_at),
    pageVersion: row.page_version,
    twoFactorEnabled: row.two_factor_enabled,
    sessionCreatedAt: new Date(row.session_created_at),
    sessionId: row.session_id,
  };
}
