import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { apiKeys } from "../../db/schema.ts";
import { env } from "../../lib/env.server.ts";
import { isUuid } from "../ids.ts";
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
): Promise<{ ok: true; key: string; apiKey: ApiKeySummary } | { ok: false; error: string }> {
  const name = input.name.trim().slice(0, 60);
  if (!name) return { ok: false, error: API_TEXT.keyNameRequired };
  const [active] = await db
    .select({ total: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)));
  if ((active?.total ?? 0) >= MAX_ACTIVE_API_KEYS) return { ok: false, error: API_TEXT.tooManyKeys };
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
): Promise<{ ok: true } | { ok: false; error: string }> {
  if (!isUuid(input.keyId)) return { ok: false, error: API_TEXT.keyNotFound };
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.id, input.keyId), eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length ? { ok: true } : { ok: false, error: API_TEXT.keyNotFound };
}

export type ApiCaller =
  | { ok: true; userId: string; keyHash: string }
  | { ok: false; reason: "invalid_key" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/** How long this process trusts a key it checked, for orders only (their statement re-checks the key). */
const KEY_CACHE_MS = 30_000;
/** last_used_at is written at most this often per key and process (it is shown in days, not seconds). */
const LAST_USED_EVERY_MS = 60_000;

type KnownKey = { userId: string; checkedAt: number; lastUsedWrittenAt: number };
const knownKeys = new Map<string, KnownKey>();
const windows = new Map<string, { startedAt: number; hits: number }>();

/**
 * Authenticates a request's key. With `cached` (placing an order, whose statement charges only while the key
 * is still active: orders/order-guard.server.ts) a key checked in the last 30 seconds is trusted without a
 * round trip; every other action reads it afresh, so a revoked key is refused at once everywhere.
 */
export async function authenticateApiKey(
  db: Executor,
  key: string,
  options: { cached?: boolean } = {},
): Promise<ApiCaller> {
  if (!key.startsWith(KEY_PREFIX) || key.length > 100) return { ok: false, reason: "invalid_key" };
  const keyHash = digestApiKey(key);
  const now = Date.now();
  let known = knownKeys.get(keyHash);
  if (!options.cached || !known || now - known.checkedAt > KEY_CACHE_MS) {
    const [row] = await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
      .returning({ userId: apiKeys.userId });
    if (!row) {
      knownKeys.delete(keyHash);
      return { ok: false, reason: "invalid_key" };
    }
    known = { userId: row.userId, checkedAt: now, lastUsedWrittenAt: now };
    knownKeys.set(keyHash, known);
  } else if (now - known.lastUsedWrittenAt > LAST_USED_EVERY_MS) {
    known.lastUsedWrittenAt = now;
    void db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.keyHash, keyHash))
      .catch((error: Error) => console.error(`api key last-used update failed: ${error.message}`));
  }
  const limited = countRequest(keyHash, now);
  if (limited) return limited;
  return { ok: true, userId: known.userId, keyHash };
}

/** Whether a key (by digest) is active right now, read afresh; forgets it from the cache when it is not. */
export async function apiKeyStillActive(db: Executor, keyHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  if (!row) knownKeys.delete(keyHash);
  return Boolean(row);
}

/**
 * Counts a request against its key's fixed window, in this process: a limit per app server (with N servers a
 * key may make up to N times the limit), which is what protects each server from a runaway client.
 */
function countRequest(keyHash: string, now: number): ApiCaller | null {
  const limit = Math.max(1, Math.floor(API_RATE_LIMIT.limit * env().rateLimitMultiplier));
  const windowMs = API_RATE_LIMIT.windowSeconds * 1000;
  let window = windows.get(keyHash);
  if (!window || now - window.startedAt >= windowMs) {
    window = { startedAt: now, hits: 0 };
    windows.set(keyHash, window);
  }
  window.hits += 1;
  if (window.hits <= limit) return null;
  return {
    ok: false,
    reason: "rate_limited",
    retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000)),
  };
}
