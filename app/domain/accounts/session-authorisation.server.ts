import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import type { OrderAuthorisation } from "../orders/order-guard.server.ts";
import { SESSION_POLICY } from "./auth.server.ts";
import { readSessionAccount } from "./read-session.server.ts";

/** How long this process trusts a session it read for an order action; the order statement re-checks it. */
export const ORDERING_SESSION_CACHE_MS = 10_000;
/** Past this many cached sessions the cache starts afresh (a bound, not an eviction policy). */
const MAX_CACHED_SESSIONS = 10_000;

const sessions = new Map<string, { userId: string; readAt: number }>();

/** Who places an order, and the check its statement runs that the session still holds when it charges. */
export type OrderingSession = { userId: string; authorisation: OrderAuthorisation };

/**
 * The customer signed in with the (verified) session `token`, without a database read while this process read the same
 * session less than ORDERING_SESSION_CACHE_MS ago; null for a visitor or an ended session. The order is charged
 * only if the session still exists then, checked by the order statement itself (sessionAuthorisation), so a
 * sign-out on any server stops the next order at once (docs/decisions/029-lean-request-path.md).
 */
export async function readOrderingSession(db: Executor, token: string): Promise<OrderingSession | null> {
  const cached = sessions.get(token);
  if (cached && Date.now() - cached.readAt < ORDERING_SESSION_CACHE_MS)
    return { userId: cached.userId, authorisation: sessionAuthorisation(token, cached.userId) };
  const account = await readSessionAccount(db, token, SESSION_POLICY);
  if (!account) {
    sessions.delete(token);
    return null;
  }
  if (sessions.size >= MAX_CACHED_SESSIONS) sessions.clear();
  sessions.set(token, { userId: account.id, readAt: Date.now() });
  return { userId: account.id, authorisation: sessionAuthorisation(token, account.id) };
}

/** Drops a cached session (its order statement found it ended). */
export function forgetOrderingSession(token: string): void {
  sessions.delete(token);
}

/**
 * The order statement's check that the session is still the customer's, unexpired and not suspended (15.20), and is
 * not a staff session viewing a customer (product rules 15.33: no money moves while viewing, whoever's wallet).
 */
export function sessionAuthorisation(token: string, userId: string): OrderAuthorisation {
  const live = sql`exists (select 1 from sessions where token = ${token} and user_id = ${userId}
    and expires_at > now()
    and not exists (select 1 from staff_views v where v.session_id = sessions.id and v.expires_at > now()))
    and not exists (select 1 from account_suspensions where user_id = ${userId})`;
  return {
    condition: live,
    refusal: sql`case when not ${live} then jsonb_build_object('reason', 'session_ended') end`,
  };
}

/** Whether an order refusal is the statement's verdict that the session had ended. */
export function isSessionEnded(verdict: unknown): boolean {
  return (
    typeof verdict === "object" &&
    verdict !== null &&
    (verdict as { reason?: unknown }).reason === "session_ended"
  );
}
