import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { apiKeys } from "../../db/schema.ts";
import { env } from "../../lib/env.server.ts";
import { notSuspendedSql } from "../accounts/suspend-account.server.ts";
import { isUuid } from "../ids.ts";
import { type Refusal, rateLimited, refuse } from "../refusal.ts";
import { API_RATE_LIMIT, API_TEXT, MAX_ACTIVE_API_KEYS } from "./api-text.ts";

const KEY_PREFIX = "bst_";

export type ApiKeySummary = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

/** The stored form of a key: its SHA-256 digest (a key is 32 random bytes, so no slow hash is needed). */
export function digestApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Creates a key for a customer. The full key is returned once, here, and never stored or shown again. */
export async function createApiKey(
  db: Executor,
  input: { userId: string; name: string },
): Promise<{ ok: true; key: string; apiKey: ApiKeySummary } | Refusal> {
  const name = input.name.trim().slice(0, 60);
  if (!name) return refuse("invalid", API_TEXT.keyNameRequired, { field: "name" });
  const [active] = await db
    .select({ total: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)));
  if ((active?.total ?? 0) >= MAX_ACTIVE_API_KEYS) return refuse("conflict", API_TEXT.tooManyKeys);
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const [row] = await db
    .insert(apiKeys)
    .values({ userId: input.userId, name, prefix: key.slice(0, 12), keyHash: digestApiKey(key) })
    .returning({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
    });
  if (!row) throw new Error("API key insert returned nothing");
  return { ok: true, key, apiKey: row };
}

/** A customer's active keys, newest first (prefix only: the key itself is not kept). */
export async function listApiKeys(db: Executor, userId: string): Promise<ApiKeySummary[]> {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt));
}

/** Revokes one of the customer's own keys; requests with it are refused from then on. */
export async function revokeApiKey(
  db: Executor,
  input: { userId: string; keyId: string },
): Promise<{ ok: true } | Refusal> {
  if (!isUuid(input.keyId)) return refuse("not_found", API_TEXT.keyNotFound);
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length ? { ok: true } : refuse("not_found", API_TEXT.keyNotFound);
}

/** The key's owner (`counted`: this request was counted against the key's window), or the key's refusal. */
export type ApiCaller = { ok: true; userId: string; keyHash: string; counted: boolean } | Refusal;

/**
 * A key that is not one, or no longer (revoked, or its account suspended: product rules 15.21): the panels'
 * "Invalid API key" (code `invalid_key`).
 */
export function invalidApiKey(): Refusal {
  return refuse("forbidden", API_TEXT.invalidKey, { code: "invalid_key" });
}

/** A key past its window's limit (product rules 10.5): the panels' text, and when to try again. */
export function apiKeyRateLimited(retryAfterSeconds: number): Refusal {
  return rateLimited(API_TEXT.tooManyRequests, Math.max(1, retryAfterSeconds));
}

/** The request limit per key, after RATE_LIMIT_MULTIPLIER. */
export function apiRequestLimit(): number {
  return Math.max(1, Math.floor(API_RATE_LIMIT.limit * env().rateLimitMultiplier));
}

/**
 * Counts one request of an active key in its fixed window, on the key's row (shared by every app server,
 * product rules 10.5), and notes when it was last used: the statement (or CTE body) both the key check and
 * the order statement use.
 */
export function countApiRequestSql(keyHash: string): SQL {
  const windowSeconds = API_RATE_LIMIT.windowSeconds;
  return sql`update api_keys set
      window_hits = case when window_started_at <= now() - make_interval(secs => ${windowSeconds}) then 1
        else window_hits + 1 end,
      window_started_at = case when window_started_at <= now() - make_interval(secs => ${windowSeconds}) then now()
        else window_started_at end,
      last_used_at = now()
    where key_hash = ${keyHash} and revoked_at is null and ${notSuspendedSql(sql`api_keys.user_id`)}
    returning user_id, window_hits, window_started_at,
      greatest(1, ceil(extract(epoch from window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int
        as retry_after_seconds`;
}

/** Which account each key belongs to, as this process has seen it (a key never changes owner). */
const owners = new Map<string, string>();
const MAX_REMEMBERED_KEYS = 10_000;

/**
 * Authenticates a request's key and counts the request against the key's shared rate-limit window. With
 * `forOrder`, a key this process has seen before is not checked here at all: the order statement counts the
 * request and checks the key itself in the same round trip (`counted: false` tells the caller to ask for that).
 */
export async function authenticateApiKey(
  db: Executor,
  key: string,
  options: { forOrder?: boolean } = {},
): Promise<ApiCaller> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return invalidApiKey();
  const keyHash = digestApiKey(key);
  const owner = owners.get(keyHash);
  if (options.forOrder && owner) return { ok: true, userId: owner, keyHash, counted: false };
  return countKeyRequest(db, keyHash);
}

/**
 * Counts a request of the key with this digest and checks it is active and within its window: what
 * authenticateApiKey does, for a request it let through uncounted (`counted: false`) that does not become an
 * order statement after all (a subscription).
 */
export async function countKeyRequest(db: Executor, keyHash: string): Promise<ApiCaller> {
  const result = await db.execute<{ user_id: string; window_hits: number; retry_after_seconds: number }>(
    countApiRequestSql(keyHash),
  );
  const row = result.rows[0];
  if (!row) {
    owners.delete(keyHash);
    return invalidApiKey();
  }
  if (owners.size >= MAX_REMEMBERED_KEYS) owners.clear();
  owners.set(keyHash, row.user_id);
  if (Number(row.window_hits) <= apiRequestLimit())
    return { ok: true, userId: row.user_id, keyHash, counted: true };
  // Seconds left in the window by the database's clock, the one that counted the request.
  return apiKeyRateLimited(Number(row.retry_after_seconds));
}
