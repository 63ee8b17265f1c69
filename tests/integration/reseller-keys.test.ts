import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { connection, db } from "../../app/db/client.server.ts";
import { apiKeys, orders } from "../../app/db/schema.ts";
import { answerApiRequest } from "../../app/domain/reseller/answer-api-request.server.ts";
import {
  authenticateApiKey,
  createApiKey,
  digestApiKey,
  listApiKeys,
  revokeApiKey,
} from "../../app/domain/reseller/api-keys.server.ts";
import { API_RATE_LIMIT, API_TEXT } from "../../app/domain/reseller/api-text.ts";
import { balanceOf, createUser, serviceBySlug } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

async function newKey(userId: string, name = "My panel") {
  const created = await createApiKey(db(), { userId, name });
  if (!created.ok) throw new Error(created.message);
  return created;
}

/** The API request for 150 Instagram Likes ($0.60) on a post, as a reseller's panel sends it. */
async function addLikes(key: string, link: string) {
  const likes = await serviceBySlug("instagram-likes");
  return { key, action: "add", service: String(likes.apiId), link, quantity: "150" };
}

describe("reseller API keys", () => {
  it("stores only a digest of the key and shows its prefix, never the key", async () => {
    const user = await createUser();
    const { key, apiKey } = await newKey(user.id);
    expect(key).toMatch(/^bst_[A-Za-z0-9_-]{43}$/);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.keyHash).toBe(digestApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(12));
    expect(await listApiKeys(db(), user.id)).toEqual([
      expect.objectContaining({ id: apiKey.id, name: "My panel", prefix: key.slice(0, 12) }),
    ]);
    expect(await authenticateApiKey(db(), key)).toEqual({
      ok: true,
      userId: user.id,
      keyHash: digestApiKey(key),
      counted: true,
    });
  });

  it("needs a name and allows at most 10 active keys", async () => {
    const user = await createUser();
    expect(await createApiKey(db(), { userId: user.id, name: "   " })).toEqual({
      ok: false,
      kind: "invalid",
      message: API_TEXT.keyNameRequired,
      field: "name",
    });
    for (let index = 0; index < 10; index++) await newKey(user.id, `Key ${index}`);
    expect(await createApiKey(db(), { userId: user.id, name: "Eleventh" })).toEqual({
      ok: false,
      kind: "conflict",
      message: API_TEXT.tooManyKeys,
    });
  });

  it("refuses a revoked key, and only its owner can revoke it", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const { key, apiKey } = await newKey(owner.id);
    expect(await revokeApiKey(db(), { userId: stranger.id, keyId: apiKey.id })).toEqual({
      ok: false,
      kind: "not_found",
      message: API_TEXT.keyNotFound,
    });
    expect((await authenticateApiKey(db(), key)).ok).toBe(true);
    expect(await revokeApiKey(db(), { userId: owner.id, keyId: apiKey.id })).toEqual({ ok: true });
    expect(await authenticateApiKey(db(), key)).toEqual({
      ok: false,
      kind: "forbidden",
      message: "Invalid API key",
      code: "invalid_key",
    });
    expect(await listApiKeys(db(), owner.id)).toEqual([]);
  });

  it("counts requests per key in the database and refuses them past the window's limit until the window ends", async () => {
    const user = await createUser();
    const { key, apiKey } = await newKey(user.id);
    // RATE_LIMIT_MULTIPLIER is 1 in the test runner's own process: the limit is API_RATE_LIMIT.limit.
    await db()
      .update(apiKeys)
      .set({ windowHits: API_RATE_LIMIT.limit - 1 })
      .where(eq(apiKeys.id, apiKey.id));
    expect((await authenticateApiKey(db(), key)).ok).toBe(true);
    const refused = await authenticateApiKey(db(), key);
    expect(refused).toMatchObject({ ok: false, kind: "rate_limited" });
    expect(
      refused.ok === false && refused.kind === "rate_limited" && refused.retryAfterSeconds,
    ).toBeGreaterThan(0);
    await db()
      .update(apiKeys)
      .set({ windowStartedAt: new Date(Date.now() - API_RATE_LIMIT.windowSeconds * 1000 - 1000) })
      .where(eq(apiKeys.id, apiKey.id));
    expect((await authenticateApiKey(db(), key)).ok).toBe(true);
  });

  it("counts an order's request inside the order statement, and refuses it past the limit charging nothing", async () => {
    const user = await createUser({ fundsCents: 10_000 });
    const { key, apiKey } = await newKey(user.id);
    const add = await addLikes(key, "https://www.instagram.com/p/Limited1/");
    expect(await answerApiRequest(db(), add)).toMatchObject({ body: { order: expect.any(Number) } });
    // Another post: one link takes one active order per service (product rules 4.27).
    const second = { ...add, link: "https://www.instagram.com/p/Limited2/" };
    expect(await answerApiRequest(db(), second)).toMatchObject({ body: { order: expect.any(Number) } });
    const [counted] = await db().select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(counted!.windowHits).toBe(2);
    await db().update(apiKeys).set({ windowHits: API_RATE_LIMIT.limit }).where(eq(apiKeys.id, apiKey.id));
    const limited = await answerApiRequest(db(), { ...add, link: "https://www.instagram.com/p/Limited3/" });
    expect(limited).toMatchObject({ body: { error: API_TEXT.tooManyRequests } });
    expect(Number(limited.headers?.["Retry-After"])).toBeGreaterThan(0);
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(2);
    expect(await balanceOf(user.id)).toBe(10_000 - 120);
  });

  it("charges nothing with a key revoked after this server cached it, and answers as for any invalid key", async () => {
    const user = await createUser({ fundsCents: 10_000 });
    const { key, apiKey } = await newKey(user.id);
    const add = await addLikes(key, "https://www.instagram.com/p/Revoked1/");
    expect(await answerApiRequest(db(), add)).toMatchObject({ body: { order: expect.any(Number) } });
    await revokeApiKey(db(), { userId: user.id, keyId: apiKey.id });
    const invalid = { body: { error: API_TEXT.invalidKey } };
    expect(await answerApiRequest(db(), add)).toEqual(invalid);
    expect(await answerApiRequest(db(), { key, action: "balance" })).toEqual(invalid);
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(1);
    expect(await balanceOf(user.id)).toBe(10_000 - 60);
  });

  it("answers an order refused by the limit as rate-limited even when the window resets while the statement runs", async () => {
    const user = await createUser({ fundsCents: 10_000 });
    const { key, apiKey } = await newKey(user.id);
    const add = await addLikes(key, "https://www.instagram.com/p/Boundary1/");
    // The first order makes this process remember the key: the next one is counted by the order statement.
    expect(await answerApiRequest(db(), add)).toMatchObject({ body: { order: expect.any(Number) } });
    // The window is full and ends in 1.5 s.
    const endsInSeconds = 1.5;
    await db()
      .update(apiKeys)
      .set({
        windowHits: API_RATE_LIMIT.limit,
        windowStartedAt: sql`now() - make_interval(secs => ${API_RATE_LIMIT.windowSeconds - endsInSeconds})`,
      })
      .where(eq(apiKeys.id, apiKey.id));
    // Another client holds the key's row: the order statement starts inside the window (its now()) and counts
    // the request only after the window ended, as a statement does that waits for a lock across the reset.
    const holder = await connection().pool.connect();
    try {
      await holder.query("begin");
      await holder.query("select 1 from api_keys where id = $1 for update", [apiKey.id]);
      const answer = answerApiRequest(db(), { ...add, link: "https://www.instagram.com/p/Boundary2/" });
      await new Promise((resolve) => setTimeout(resolve, (endsInSeconds + 0.5) * 1000));
      await holder.query("commit");
      const limited = await answer;
      expect(limited).toMatchObject({ body: { error: API_TEXT.tooManyRequests } });
      expect(Number(limited.headers?.["Retry-After"])).toBeGreaterThanOrEqual(1);
    } finally {
      holder.release();
    }
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(1);
    expect(await balanceOf(user.id)).toBe(10_000 - 60);
    // The next request starts a new window and goes through.
    const next = { ...add, link: "https://www.instagram.com/p/Boundary3/" };
    expect(await answerApiRequest(db(), next)).toMatchObject({ body: { order: expect.any(Number) } });
  });
});
