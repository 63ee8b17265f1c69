import { isIPv4, isIPv6 } from "node:net";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { env } from "../../lib/env.server.ts";
import { clientIp, countHits } from "./rate-limit.server.ts";

/**
 * Sign-in throttling (docs/decisions/013). Only failures are counted, in 15-minute windows on `rate_limits` rows.
 * Two limits refuse (429): one account from one client address, and one client address across accounts. The
 * account as a whole is never refused, so nobody can lock its owner out: its failures only slow down attempts
 * from addresses it has never signed in from.
 */
export const SIGN_IN_THROTTLE = {
  windowSeconds: 15 * 60,
  /** Failures of one account from one client address before that pair is refused (x RATE_LIMIT_MULTIPLIER). */
  pairFailures: 10,
  /** Failures from one client address, all accounts together, before it is refused (x RATE_LIMIT_MULTIPLIER). */
  addressFailures: 50,
  /** The account's failures (any address) an unknown address may follow without delay. */
  freeAccountFailures: 5,
  delayPerFailureMs: 200,
  maxDelayMs: 3000,
} as const;

export type SignInThrottle =
  | { refused: false; delayMs: number }
  | { refused: true; retryAfterSeconds: number };

/** How long an attempt from an unknown address waits after `failures` recent failures of the account. */
export function signInDelayMs(failures: number): number {
  const { freeAccountFailures, delayPerFailureMs, maxDelayMs } = SIGN_IN_THROTTLE;
  return Math.min(maxDelayMs, Math.max(0, failures - freeAccountFailures) * delayPerFailureMs);
}

/**
 * The client address as better-auth records it on a session (`sessions.ip_address`): an IPv4-mapped IPv6
 * address as IPv4, an IPv6 address as its /64 network written out in full (one client may own a whole /64).
 */
export function clientAddress(request: Request): string | null {
  const raw = clientIp(request)?.toLowerCase() ?? null;
  if (!raw || isIPv4(raw)) return raw;
  const mapped = raw.startsWith("::ffff:") ? raw.slice(7) : "";
  if (isIPv4(mapped)) return mapped;
  if (!isIPv6(raw)) return raw;
  const [head = "", tail = ""] = raw.split("::");
  const left = head ? head.split(":") : [];
  const right = raw.includes("::") && tail ? tail.split(":") : [];
  const groups = raw.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return groups.map((group, index) => (index < 4 ? group.padStart(4, "0") : "0000")).join(":");
}

function keysOf(request: Request, email: string) {
  const account = email.trim().toLowerCase();
  const address = clientAddress(request);
  return {
    account,
    address,
    accountKey: `sign-in-failures:account:${account}`,
    pairKey: address ? `sign-in-failures:pair:${address}:${account}` : null,
    addressKey: address ? `sign-in-failures:address:${address}` : null,
  };
}

/**
 * Decides an attempt before the password is checked: refused when its (account, address) pair or its address
 * has too many recent failures; otherwise how long it waits (0 from an address the account signed in from).
 */
export async function checkSignInThrottle(
  db: Executor,
  request: Request,
  email: string,
): Promise<SignInThrottle> {
  const keys = keysOf(request, email);
  const multiplier = env().rateLimitMultiplier;
  const limitOf = (base: number) => Math.max(1, Math.floor(base * multiplier));
  const wanted = [keys.accountKey, keys.pairKey, keys.addressKey].filter(
    (key): key is string => key !== null,
  );
  // Seconds left are computed by the database's clock, the one that started the windows.
  const { rows } = await db.execute<{ key: string; hits: number; retry_after_seconds: number }>(sql`
    select key, hits,
      greatest(1, ceil(extract(epoch from window_started_at + make_interval(secs => ${SIGN_IN_THROTTLE.windowSeconds}) - now())))::int
        as retry_after_seconds
    from rate_limits
    where key in (${sql.join(
      wanted.map((key) => sql`${key}`),
      sql`, `,
    )})
      and window_started_at > now() - make_interval(secs => ${SIGN_IN_THROTTLE.windowSeconds})`);
  const failures = (key: string | null) => rows.find((row) => row.key === key);
  for (const [key, limit] of [
    [keys.pairKey, limitOf(SIGN_IN_THROTTLE.pairFailures)],
    [keys.addressKey, limitOf(SIGN_IN_THROTTLE.addressFailures)],
  ] as const) {
    const row = failures(key);
    if (row && Number(row.hits) >= limit)
      return { refused: true, retryAfterSeconds: Number(row.retry_after_seconds) };
  }
  const delayMs = signInDelayMs(Number(failures(keys.accountKey)?.hits ?? 0));
  if (delayMs === 0 || (await isKnownAddress(db, keys.account, keys.address)))
    return { refused: false, delayMs: 0 };
  return { refused: false, delayMs };
}

/**
 * True when the account has (or had, until it expired and SESSION_RETENTION_DAYS passed, product rules 17.14) a
 * session started from this client address.
 */
async function isKnownAddress(db: Executor, account: string, address: string | null): Promise<boolean> {
  if (!address || !account) return false;
  const { rows } = await db.execute(sql`
    select 1 from sessions join users on users.id = sessions.user_id
    where users.email = ${account} and sessions.ip_address = ${address} limit 1`);
  return rows.length > 0;
}

/**
 * Notes a checked password: a failure counts against the pair, the address and the account (one statement);
 * a success clears the pair's failures (the address becomes known through the session it starts).
 */
export async function recordSignInOutcome(
  db: Executor,
  request: Request,
  email: string,
  outcome: "succeeded" | "failed",
): Promise<void> {
  const keys = keysOf(request, email);
  if (outcome === "succeeded") {
    if (keys.pairKey) await db.execute(sql`delete from rate_limits where key = ${keys.pairKey}`);
    return;
  }
  const counted = [keys.accountKey, keys.pairKey, keys.addressKey].filter(
    (key): key is string => key !== null,
  );
  await countHits(db, counted, SIGN_IN_THROTTLE.windowSeconds);
}

/**
 * Runs the throttle for an attempt: null to go on (after waiting out any delay, holding no connection), or the
 * refusal's seconds until it may try again.
 */
export async function throttleSignIn(
  db: Executor,
  request: Request,
  email: string,
): Promise<{ retryAfterSeconds: number } | null> {
  const decision = await checkSignInThrottle(db, request, email);
  if (decision.refused) return { retryAfterSeconds: decision.retryAfterSeconds };
  if (decision.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, decision.delayMs));
  return null;
}
