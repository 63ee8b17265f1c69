import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { apiKeys, orders, services, users } from "../../app/db/schema.ts";
import { answerApiRequest } from "../../app/domain/reseller/answer-api-request.server.ts";
import {
  authenticateApiKey,
  createApiKey,
  digestApiKey,
  listApiKeys,
  revokeApiKey,
} from "../../app/domain/reseller/api-keys.server.ts";
import { API_RATE_LIMIT, API_TEXT } from "../../app/domain/reseller/api-text.ts";
import { createUser, fundWallet } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

async function newKey(userId: string, name = "My panel") {
  const created = await createApiKey(db(), { userId, name });
  if (!created.ok) throw new Error(created.error);
  return created;
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
    });
  });

  it("needs a name and allows at most 10 active keys", async () => {
    const user = await createUser();
    expect(await createApiKey(db(), { userId: user.id, name: "   " })).toEqual({
      ok: false,
      error: API_TEXT.keyNameRequired,
    });
    for (let index = 0; index < 10; index++) await newKey(user.id, `Key ${index}`);
    expect(await createApiKey(db(), { userId: user.id, name: "Eleventh" })).toEqual({
      ok: false,
      error: API_TEXT.tooManyKeys,
    });
  });

  it("refuses a revoked key, and only its owner can revoke it", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const { key, apiKey } = await newKey(owner.id);
    expect(await revokeApiKey(db(), { userId: stranger.id, keyId: apiKey.id })).toEqual({
      ok: false,
      error: API_TEXT.keyNotFound,
    });
    expect((await authenticateApiKey(db(), key)).ok).toBe(true);
    expect(await revokeApiKey(db(), { userId: owner.id, keyId: apiKey.id })).toEqual({ ok: true });
    expect(await authenticateApiKey(db(), key)).toEqual({ ok: false, reason: "invalid_key" });
    expect(await listApiKeys(db(), owner.id)).toEqual([]);
  });

  it("counts requests per key and refuses them past the window's limit until the window ends", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const user = await createUser();
      const { key } = await newKey(user.id);
      // RATE_LIMIT_MULTIPLIER is 1 in the test runner's own process: the limit is API_RATE_LIMIT.limit.
      for (let request = 0; request < API_RATE_LIMIT.limit; request++) {
        expect((await authenticateApiKey(db(), key, { cached: true })).ok).toBe(true);
      }
      const refused = await authenticateApiKey(db(), key, { cached: true });
      expect(refused).toMatchObject({ ok: false, reason: "rate_limited" });
      expect(refused.ok === false && refused.reason === "rate_limited" && refused.retryAfterSeconds).toBe(
        API_RATE_LIMIT.windowSeconds,
      );
      vi.setSystemTime(Date.now() + API_RATE_LIMIT.windowSeconds * 1000);
      expect((await authenticateApiKey(db(), key, { cached: true })).ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it("charges nothing with a key revoked after this server cached it, and answers as for any invalid key", async () => {
    const user = await createUser();
    await fundWallet(user.id, 10_000);
    const { key, apiKey } = await newKey(user.id);
    const [likes] = await db().select().from(services).where(eq(services.slug, "instagram-likes"));
    const add = {
      key,
      action: "add",
      service: likes!.id,
      link: "https://www.instagram.com/p/Revoked1/",
      quantity: "150",
    };
    expect(await answerApiRequest(db(), add)).toMatchObject({ status: 200 });
    await revokeApiKey(db(), { userId: user.id, keyId: apiKey.id });
    expect(await answerApiRequest(db(), add)).toEqual({ status: 401, body: { error: API_TEXT.invalidKey } });
    expect(await answerApiRequest(db(), { key, action: "balance" })).toMatchObject({ status: 401 });
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(1);
    const [wallet] = await db().select().from(users).where(eq(users.id, user.id));
    expect(wallet!.balanceCents).toBe(10_000 - 60);
  });
});
