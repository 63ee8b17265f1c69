import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { env } from "../../lib/env.server.ts";
import { type Refusal, rateLimited } from "../refusal.ts";

export type RateLimitRule = { limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Request header through which the HTTP server hands the socket's client address to the app
 * (like the CSP nonce header: the server always overwrites it, so a client cannot choose it).
 */
export const CLIENT_IP_HEADER = "x-boostly-client-ip";

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

/** The limits of the account endpoints (product rules 5.6 and 10.5), before RATE_LIMIT_MULTIPLIER. */
export const RATE_LIMITS = {
  signUp: { limit: 5, windowSeconds: 60 * 60 },
  passwordReset: { limit: 5, windowSeconds: 60 * 60 },
  verificationMail: { limit: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * Counts one hit on each key in its fixed window of `windowSeconds`, in one atomic upsert on the shared
 * `rate_limits` rows (a window past its end starts again at 1), so a limit holds across every app server. The row
 * notes when its window ends, so the retention round deletes it once it counts nothing (pruneRateLimits).
 */
export async function countHits(db: Executor, keys: readonly string[], windowSeconds: number) {
  if (keys.length === 0) return [];
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const expired = sql`rate_limits.window_started_at <= now() - ${window}`;
  const result = await db.execute<{ key: string; hits: number; window_started_at: Date | string }>(sql`
    insert into rate_limits (key, window_started_at, hits, window_ends_at)
    values ${sql.join(
      keys.map((key) => sql`(${key}, now(), 1, now() + ${window})`),
      sql`, `,
    )}
    on conflict (key) do update set
      hits = case when ${expired} then 1 else rate_limits.hits + 1 end,
      window_started_at = case when ${expired} then now() else rate_limits.window_started_at end,
      window_ends_at = case when ${expired} then now() + ${window}
        else rate_limits.window_started_at + ${window} end
    returning key, hits, window_started_at`);
  return result.rows;
}

/** Counts one hit of `key` against `rule` (countHits) and tells whether it is still within the limit. */
export async function hitRateLimit(db: Executor, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const limit = Math.max(1, Math.floor(rule.limit * env().rateLimitMultiplier));
  const [row] = await countHits(db, [key], rule.windowSeconds);
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  if (Number(row.hits) <= limit) return { allowed: true, retryAfterSeconds: 0 };
  const startedAt = new Date(row.window_started_at).getTime();
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((startedAt + rule.windowSeconds * 1000 - Date.now()) / 1000),
  );
  return { allowed: false, retryAfterSeconds };
}

/**
 * The client address the HTTP server resolved (the socket, or with TRUST_PROXY the address the one trusted
 * proxy appended), passed in CLIENT_IP_HEADER; null when unknown (then no per-address limit applies).
 */
export function clientIp(request: Request): string | null {
  return request.headers.get(CLIENT_IP_HEADER)?.trim().slice(0, 64) || null;
}

/** An account call's refusal by the limit: the clear message and when to try again (429 with Retry-After). */
export function rateLimitRefusal(result: RateLimitResult): Refusal {
  return rateLimited(RATE_LIMIT_MESSAGE, result.retryAfterSeconds);
}

/** Counts one attempt on every key; the first key over its limit refuses the request. */
export async function checkRateLimits(
  db: Executor,
  checks: { key: string; rule: RateLimitRule }[],
): Promise<RateLimitResult> {
  let refused: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };
  for (const check of checks) {
    const result = await hitRateLimit(db, check.key, check.rule);
    if (!result.allowed && refused.allowed) refused = result;
  }
  return refused;
}

type Check = { key: string; rule: RateLimitRule };

function byIp(request: Request, action: string, rule: RateLimitRule, suffix = ""): Check[] {
  const ip = clientIp(request);
  return ip ? [{ key: `${action}:ip:${ip}${suffix}`, rule }] : [];
}

/** Rate-limit keys of the account actions, per client address (sign-in has its own: sign-in-throttle). */
export const rateLimitKeys = {
  // Per client address only: a limit per e-mail address would let a stranger lock its owner out of sign-up,
  // reset and confirmation. The owner's mailbox is protected by the account-mail cap (queue-account-mail).
  signUp: (request: Request): Check[] => byIp(request, "sign-up", RATE_LIMITS.signUp),
  passwordReset: (request: Request): Check[] => byIp(request, "reset", RATE_LIMITS.passwordReset),
  verificationMail: (request: Request): Check[] => byIp(request, "verify-mail", RATE_LIMITS.verificationMail),
};
