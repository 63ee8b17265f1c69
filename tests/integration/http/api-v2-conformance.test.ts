import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import {
  apiKeys,
  autoOrders,
  fulfilments,
  likesPacks,
  orders,
  providerServices,
  providers,
  services,
} from "../../../app/db/schema.ts";
import {
  pauseAutoOrder,
  setRemainingPosts,
} from "../../../app/domain/auto-orders/change-auto-order.server.ts";
import { endExpiredSubscriptions } from "../../../app/domain/auto-orders/end-expired-subscriptions.server.ts";
import { applyUpstreamStatus } from "../../../app/domain/order-lifecycle/fulfilment-steps.server.ts";
import { setOrderStatus } from "../../../app/domain/orders/set-order-status.server.ts";
import { createApiKey } from "../../../app/domain/reseller/api-keys.server.ts";
import { findLedgerMismatches } from "../../../app/domain/wallet/check-ledger.server.ts";
import { changeOrderStatusFromForm } from "../../../app/routes/shared/order-status-form.server.ts";
import { balanceOf, createUser, fundWallet, serviceBySlug } from "../../support/factories.ts";
import { appUrl, createAccount } from "../../support/http.ts";

/**
 * The reseller API against the panels' protocol as resellers' scripts and peer panels speak it
 * (docs/decisions/020-api-v2-conventions.md): written from the protocol, over HTTP, without the shop's own code.
 */

const ENDPOINT = `${appUrl}/api/v2`;
const POST_LINK = "https://www.instagram.com/p/Conformance1/";

// biome-ignore lint/suspicious/noExplicitAny: JSON answers whose shapes each test asserts
type Json = any;
type Answer = { status: number; body: Json; headers: Headers };

async function answerOf(response: Response): Promise<Answer> {
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** The usual client: a form-encoded POST. */
async function post(fields: Record<string, string>): Promise<Answer> {
  return answerOf(await fetch(ENDPOINT, { method: "POST", body: new URLSearchParams(fields) }));
}

/** Some scripts and panels send GET with a query string. */
async function get(fields: Record<string, string>): Promise<Answer> {
  return answerOf(await fetch(`${ENDPOINT}?${new URLSearchParams(fields)}`));
}

/** A few send a JSON body, with numbers as numbers. */
async function postJson(fields: Record<string, unknown>): Promise<Answer> {
  return answerOf(
    await fetch(ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(fields),
    }),
  );
}

async function postMultipart(fields: Record<string, string>): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return answerOf(await fetch(ENDPOINT, { method: "POST", body: form }));
}

async function reseller(fundsCents = 0) {
  const account = await createAccount();
  if (fundsCents > 0) await fundWallet(account.id, fundsCents);
  const created = await createApiKey(db(), { userId: account.id, name: "Conformance panel" });
  if (!created.ok) throw new Error(created.message);
  return { ...account, key: created.key };
}

async function likes() {
  const service = await serviceBySlug("instagram-likes");
  return { ...service, apiIdText: String(service.apiId) };
}

/** A refusal as the protocol has it: HTTP 200, exactly `{ error }` with the conventional text, no "Title: message". */
function expectRefusal(answer: Answer, error: string | RegExp) {
  expect(answer.status).toBe(200);
  if (typeof error === "string") expect(answer.body.error).toBe(error);
  else expect(answer.body.error).toMatch(error);
  expect(Object.keys(answer.body)).toEqual(["error"]);
  expect(answer.body.error).not.toMatch(/^[A-Z][A-Za-z ]+: [A-Z]/);
}

let postLinks = 0;
/** A post link of its own: a second order on a link with an active order is refused (product rules 4.27). */
function freshPostLink(): string {
  postLinks += 1;
  return `https://www.instagram.com/p/Conformance${postLinks}x/`;
}

async function placeLikes(key: string, quantity = 150, link = freshPostLink()): Promise<number> {
  const { apiIdText } = await likes();
  const placed = await post({ key, action: "add", service: apiIdText, link, quantity: String(quantity) });
  expect(placed.status).toBe(200);
  expect(Number.isSafeInteger(placed.body.order)).toBe(true);
  return placed.body.order;
}

describe("API v2 conformance: transport", () => {
  it("takes the same request as a form POST, a multipart POST, a JSON POST, a GET query, and a POST's query string", async () => {
    const panel = await reseller(1_234);
    const balance = { balance: "12.34", currency: "USD" };
    const fields = { key: panel.key, action: "balance" };
    for (const answer of [
      await post(fields),
      await postMultipart(fields),
      await postJson(fields),
      await get(fields),
      await answerOf(
        await fetch(`${ENDPOINT}?key=${encodeURIComponent(panel.key)}`, {
          method: "POST",
          body: new URLSearchParams({ action: "balance" }),
        }),
      ),
    ]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect(answer.body).toEqual(balance);
    }
    // A field in both the query string and the body: the body's counts.
    const clash = await answerOf(
      await fetch(`${ENDPOINT}?action=services`, {
        method: "POST",
        body: new URLSearchParams({ key: panel.key, action: "balance" }),
      }),
    );
    expect(clash.body).toEqual(balance);
  });

  it("places an order from a JSON body with numbers as numbers, and from a GET", async () => {
    const panel = await reseller(10_000);
    const { apiId, apiIdText } = await likes();
    const fromJson = await postJson({
      key: panel.key,
      action: "add",
      service: apiId,
      link: POST_LINK,
      quantity: 150,
    });
    expect(fromJson.status).toBe(200);
    expect(fromJson.body).toEqual({ order: expect.any(Number) });
    const fromGet = await get({
      key: panel.key,
      action: "add",
      service: apiIdText,
      // Another post: the first link's order is active (product rules 4.27).
      link: freshPostLink(),
      quantity: "150",
    });
    expect(fromGet.body).toEqual({ order: expect.any(Number) });
    expect(fromGet.body.order).not.toBe(fromJson.body.order);
    expect(await balanceOf(panel.id)).toBe(10_000 - 120);
  });

  it("answers only a body that is too large (413) or unreadable (400) with another status than 200", async () => {
    const unreadable = await answerOf(
      await fetch(ENDPOINT, { method: "POST", headers: { "Content-Type": "application/json" }, body: "[1," }),
    );
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.error).toEqual(expect.any(String));
    const tooLarge = await post({ key: "x", action: "balance", padding: "x".repeat(64 * 1024) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toEqual(expect.any(String));
  });
});

describe("API v2 conformance: refusals are HTTP 200 with the conventional texts", () => {
  it("answers a missing, wrong or revoked key with 'Invalid API key', for every action", async () => {
    const panel = await reseller(10_000);
    for (const action of ["services", "add", "status", "cancel", "refill", "refill_status", "balance"]) {
      expectRefusal(await post({ key: "", action }), "Invalid API key");
      expectRefusal(await get({ key: `${panel.key}x`, action }), "Invalid API key");
    }
    expect(await balanceOf(panel.id)).toBe(10_000);
  });

  it("answers every service id that is not a listed integer with 'Incorrect service ID', charging nothing", async () => {
    const panel = await reseller(10_000);
    const likesService = await likes();
    const [auto] = await db()
      .select({ apiId: services.apiId })
      .from(services)
      .where(eq(services.serviceType, "auto"))
      .limit(1);
    for (const service of [
      likesService.id,
      "abc",
      "",
      "1.5",
      "-1",
      "2147483647",
      ` ${likesService.apiIdText}x`,
    ]) {
      expectRefusal(
        await post({ key: panel.key, action: "add", service, link: POST_LINK, quantity: "150" }),
        "Incorrect service ID",
      );
    }
    // An auto service is a Subscriptions service: a one-time order's fields are refused, in plain words.
    expectRefusal(
      await post({
        key: panel.key,
        action: "add",
        service: String(auto!.apiId),
        link: POST_LINK,
        quantity: "150",
      }),
      /^This Subscriptions service does not take "link"/,
    );
    expect(await balanceOf(panel.id)).toBe(10_000);
  });

  it("answers quantities outside the limits, unaffordable orders and bad input in the panels' words", async () => {
    const panel = await reseller(100);
    const service = await likes();
    const add = { key: panel.key, action: "add", service: service.apiIdText, link: POST_LINK };
    expectRefusal(
      await post({ ...add, quantity: String(service.minQuantity - 1) }),
      `Quantity less than minimal ${service.minQuantity}`,
    );
    expectRefusal(
      await post({ ...add, quantity: String(service.maxQuantity + 1) }),
      `Quantity more than maximal ${service.maxQuantity}`,
    );
    expectRefusal(await post({ ...add, quantity: "1000" }), "Not enough funds on balance");
    expectRefusal(await post({ ...add, quantity: "ten" }), "Incorrect quantity");
    expectRefusal(await post({ ...add, quantity: "150", link: "" }), /\S/);
    expectRefusal(
      await post({ ...add, quantity: "150", runs: "3" }),
      "Drip-feed is not available for this service",
    );
    expectRefusal(await post({ ...add, quantity: "150", speed: "fast" }), 'Unknown parameter "speed"');
    expectRefusal(await post({ key: panel.key, action: "delete_everything" }), /^Unknown action/);
    expectRefusal(await post({ key: panel.key, action: "status" }), /order/);
    expectRefusal(await post({ ...add, quantity: "150", link: "https://x\u0000" }), /control characters/);
    expect(await balanceOf(panel.id)).toBe(100);
  });

  it("answers past the rate limit with HTTP 200, the error and a Retry-After header", async () => {
    const panel = await reseller();
    await db()
      .update(apiKeys)
      .set({ windowHits: 2_000_000_000, windowStartedAt: new Date() })
      .where(eq(apiKeys.userId, panel.id));
    const limited = await post({ key: panel.key, action: "balance" });
    expectRefusal(limited, /^Too many requests/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("API v2 conformance: actions", () => {
  it("services: integer ids, the panels' fields as strings and flags, only what add can place", async () => {
    const panel = await reseller();
    const listed = await get({ key: panel.key, action: "services" });
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThan(10);
    for (const service of listed.body) {
      expect(service).toEqual({
        service: expect.any(Number),
        name: expect.any(String),
        type: expect.stringMatching(/^(Default|Custom Comments|Package|Subscriptions)$/),
        category: expect.stringMatching(/\S/),
        rate: expect.stringMatching(/^\d+\.\d{2,4}$/),
        min: expect.stringMatching(/^\d+$/),
        max: expect.stringMatching(/^\d+$/),
        dripfeed: expect.any(Boolean),
        refill: expect.any(Boolean),
        cancel: true,
      });
      expect(Number.isSafeInteger(service.service) && service.service > 0).toBe(true);
      // Only a Default service may be drip-fed (docs/decisions/021).
      if (service.type !== "Default") expect(service.dripfeed).toBe(false);
    }
    const ids = listed.body.map((service: Json) => service.service);
    expect(new Set(ids).size).toBe(ids.length);
    // Every listed service is one add takes: each answers about the quantity (per post for a subscription),
    // never about the service.
    for (const service of listed.body) {
      // A package takes a link only: without one it is refused as such.
      const fields: Record<string, string> =
        service.type === "Subscriptions"
          ? { username: "conformance", min: "0", max: "0", posts: "10" }
          : service.type === "Package"
            ? {}
            : service.type === "Custom Comments"
              ? { link: POST_LINK, comments: "" }
              : { link: POST_LINK, quantity: "0" };
      const refused = await post({
        key: panel.key,
        action: "add",
        service: String(service.service),
        ...fields,
      });
      const expected =
        service.type === "Package"
          ? "Incorrect link"
          : service.type === "Custom Comments"
            ? "Comments are required: one comment per line"
            : `Quantity less than minimal ${service.min}`;
      expectRefusal(refused, expected);
    }
    expect(await balanceOf(panel.id)).toBe(0);
  });

  it("add and status: an integer order id, then charge, start_count, status, remains and currency as strings", async () => {
    const panel = await reseller(10_000);
    const order = await placeLikes(panel.key, 1000);
    const status = await post({ key: panel.key, action: "status", order: String(order) });
    expect(status.body).toEqual({
      charge: "4.00",
      start_count: "0",
      status: "Pending",
      remains: "1000",
      currency: "USD",
    });
    expect(await balanceOf(panel.id)).toBe(10_000 - 400);
  });

  it("status: charge is what the customer paid after refunds; Partial with its remains", async () => {
    const panel = await reseller(10_000);
    const admin = await createUser({ admin: true });
    const order = await placeLikes(panel.key);
    const [row] = await db()
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, `ORD-${order}`));
    const changed = await changeOrderStatusFromForm(db(), {
      adminId: admin.id,
      form: { intent: "set-status", orderId: row!.id, status: "partial", remains: "37" },
    });
    expect(changed.ok, changed.notice.message).toBe(true);
    // $0.60 for 150; 37 undelivered: $0.14 back, $0.46 paid.
    const status = await post({ key: panel.key, action: "status", order: String(order) });
    expect(status.body).toEqual({
      charge: "0.46",
      start_count: "0",
      status: "Partial",
      remains: "37",
      currency: "USD",
    });
    expect(await balanceOf(panel.id)).toBe(10_000 - 46);
  });

  it("status: start_count is the provider's, once its status answer gave one", async () => {
    const panel = await reseller(10_000);
    const order = await placeLikes(panel.key);
    const [row] = await db()
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, `ORD-${order}`));
    // The order as the fulfilment sync sees it: sent to a provider, which now reports it started at 3572.
    const [provider] = await db()
      .insert(providers)
      .values({
        name: "Conformance upstream",
        apiUrl: "http://127.0.0.1:9/api/v2",
        apiKeyEncrypted: "unused",
        apiKeyHint: "used",
      })
      .returning();
    const [part] = await db()
      .insert(fulfilments)
      .values({
        orderId: row!.id,
        providerId: provider!.id,
        providerServiceId: "1",
        link: POST_LINK,
        quantity: 150,
        idempotencyKey: randomUUID(),
        providerOrderId: "777",
        state: "submitted",
      })
      .returning();
    // Polled again only in an hour: no worker of the suite's servers asks the unreachable provider meanwhile.
    await applyUpstreamStatus(
      db(),
      part!,
      {
        reported: true,
        status: "In progress",
        remains: "100",
        charge: "0.5",
        posts: undefined,
        startCount: "3572",
      },
      3600,
    );
    const status = await post({ key: panel.key, action: "status", order: String(order) });
    expect(status.body).toMatchObject({ start_count: "3572", status: "In progress" });
    await db().delete(fulfilments).where(eq(fulfilments.id, part!.id));
    await db().delete(providers).where(eq(providers.id, provider!.id));
  });

  it("status with orders: up to 100 ids answered per id, 'Incorrect order ID' for ids that are not the caller's", async () => {
    const panel = await reseller(10_000);
    const stranger = await reseller(10_000);
    const mine = [await placeLikes(panel.key), await placeLikes(panel.key)];
    const theirs = await placeLikes(stranger.key);
    const ids = [String(mine[0]), String(theirs), "abc", String(mine[1]), "999999999"];
    const answer = await get({ key: panel.key, action: "status", orders: ids.join(",") });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual([...ids].sort());
    for (const id of [mine[0], mine[1]])
      expect(answer.body[String(id)]).toMatchObject({ status: "Pending", charge: "0.60", remains: "150" });
    for (const id of [String(theirs), "abc", "999999999"])
      expect(answer.body[id]).toMatchObject({ error: "Incorrect order ID" });
    const tooMany = Array.from({ length: 101 }, (_, index) => String(index + 1)).join(",");
    expectRefusal(await post({ key: panel.key, action: "status", orders: tooMany }), /100/);
    expectRefusal(
      await post({ key: panel.key, action: "status", order: String(theirs) }),
      "Incorrect order ID",
    );
  });

  it("cancel: answered per order for orders and order alike, following the cancel rules", async () => {
    const panel = await reseller(10_000);
    const stranger = await reseller(10_000);
    const first = await placeLikes(panel.key);
    const second = await placeLikes(panel.key);
    const theirs = await placeLikes(stranger.key);
    const answer = await post({ key: panel.key, action: "cancel", orders: `${first},${theirs},nope` });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { order: first, cancel: 1 },
      { order: theirs, cancel: expect.objectContaining({ error: "Incorrect order ID" }) },
      { order: "nope", cancel: expect.objectContaining({ error: "Incorrect order ID" }) },
    ]);
    const single = await post({ key: panel.key, action: "cancel", order: String(second) });
    expect(single.body).toEqual([{ order: second, cancel: 1 }]);
    // Cancelled once: a second cancel is refused in a plain sentence, nothing refunded twice.
    const again = await post({ key: panel.key, action: "cancel", orders: String(first) });
    expect(again.body[0].cancel).toEqual({ error: expect.any(String) });
    expect(again.body[0].cancel.error).not.toMatch(/^[A-Z][A-Za-z ]+: [A-Z]/);
    const statuses = await post({ key: panel.key, action: "status", orders: `${first},${second}` });
    expect(statuses.body[String(first)]).toMatchObject({ status: "Canceled", charge: "0.00" });
    expect(await balanceOf(panel.id)).toBe(10_000);
    expect(await balanceOf(stranger.id)).toBe(10_000 - 60);
    const [theirOrder] = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.orderNumber, `ORD-${theirs}`), eq(orders.userId, stranger.id)));
    expect(theirOrder!.status).toBe("pending");
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("refill and refill_status: the protocol's shapes, one refill per order, per-item errors", async () => {
    const panel = await reseller(10_000);
    const stranger = await reseller(10_000);
    const mine = await placeLikes(panel.key);
    const theirs = await placeLikes(stranger.key);
    // Still pending: nothing delivered yet to refill (product rules 4.7).
    expectRefusal(
      await post({ key: panel.key, action: "refill", order: String(mine) }),
      "Only a completed or partial order can be refilled",
    );
    expectRefusal(
      await post({ key: panel.key, action: "refill", order: String(theirs) }),
      "Incorrect order ID",
    );
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, `ORD-${mine}`));
    expect((await setOrderStatus(db(), { orderId: order!.id, status: "completed" })).ok).toBe(true);

    const refilled = await post({ key: panel.key, action: "refill", order: String(mine) });
    expect(refilled.status).toBe(200);
    expect(refilled.body).toEqual({ refill: expect.stringMatching(/^\d+$/) });
    const refillId = Number(refilled.body.refill);
    const many = await post({ key: panel.key, action: "refill", orders: `${mine},${theirs}` });
    expect(many.body).toEqual([
      {
        order: mine,
        refill: expect.objectContaining({ error: "A refill of this order is already in progress" }),
      },
      { order: theirs, refill: expect.objectContaining({ error: "Incorrect order ID" }) },
    ]);

    expect((await post({ key: panel.key, action: "refill_status", refill: String(refillId) })).body).toEqual({
      status: "Pending",
    });
    expectRefusal(
      await post({ key: stranger.key, action: "refill_status", refill: String(refillId) }),
      "Refill not found",
    );
    const statuses = await get({ key: panel.key, action: "refill_status", refills: `${refillId},999999` });
    expect(statuses.status).toBe(200);
    expect(statuses.body).toEqual([
      { refill: refillId, status: "Pending" },
      { refill: 999999, status: expect.objectContaining({ error: "Refill not found" }) },
    ]);
  });

  it("balance: the wallet as a decimal string with its currency", async () => {
    const panel = await reseller(10_084);
    expect((await post({ key: panel.key, action: "balance" })).body).toEqual({
      balance: "100.84",
      currency: "USD",
    });
  });
});

describe("API v2 conformance: Subscriptions", () => {
  // Instagram Auto Likes: $4.00 per 1000, 100 to 100,000 per post; 150 per post is $0.60 a post.
  async function autoLikes() {
    const service = await serviceBySlug("instagram-auto-likes");
    return { ...service, apiIdText: String(service.apiId) };
  }

  async function subscribe(key: string, fields: Record<string, string> = {}): Promise<Answer> {
    const { apiIdText } = await autoLikes();
    return post({
      key,
      action: "add",
      service: apiIdText,
      username: "https://www.instagram.com/conformance_sub/",
      min: "100",
      max: "150",
      posts: "10",
      delay: "0",
      expiry: "",
      ...fields,
    });
  }

  async function autoOrderOf(apiId: number) {
    const [row] = await db().select().from(autoOrders).where(eq(autoOrders.apiId, apiId));
    return row!;
  }

  it("services lists every auto service as Subscriptions: integer id, rate per 1000, min and max per post", async () => {
    const panel = await reseller();
    const listed = await post({ key: panel.key, action: "services" });
    const service = await autoLikes();
    expect(listed.body.find((entry: Json) => entry.service === service.apiId)).toEqual({
      service: service.apiId,
      name: "Instagram Auto Likes",
      type: "Subscriptions",
      category: "Instagram Auto Likes",
      rate: "4.00",
      min: "100",
      max: "100000",
      dripfeed: false,
      refill: false,
      cancel: true,
    });
    const autoServices = await db()
      .select({ apiId: services.apiId })
      .from(services)
      .where(and(eq(services.serviceType, "auto"), eq(services.enabled, true)));
    const subscriptions = listed.body.filter((entry: Json) => entry.type === "Subscriptions");
    expect(subscriptions.map((entry: Json) => entry.service).sort()).toEqual(
      autoServices.map((row) => row.apiId).sort(),
    );
  });

  it("add: max for every post charged up front, an integer id from the orders' number space, once per idempotency key", async () => {
    const panel = await reseller(10_000);
    const before = await placeLikes(panel.key);
    const placed = await subscribe(panel.key, { idempotency_key: "sub-1" });
    expect(placed.status).toBe(200);
    expect(placed.body).toEqual({ order: expect.any(Number) });
    const after = await placeLikes(panel.key);
    // One number space: the subscription's id falls between the orders placed around it, equal to neither.
    expect(placed.body.order).toBeGreaterThan(before);
    expect(placed.body.order).toBeLessThan(after);
    const again = await subscribe(panel.key, { idempotency_key: "sub-1" });
    expect(again.body).toEqual({ order: placed.body.order });
    // 150 per post x 10 posts at $4.00 per 1000: $6.00, plus two $0.60 orders.
    expect(await balanceOf(panel.id)).toBe(10_000 - 600 - 120);
    expect(await autoOrderOf(placed.body.order)).toMatchObject({
      userId: panel.id,
      targetUsername: "conformance_sub",
      likesPerPost: 150,
      totalPosts: 10,
      remainingPosts: 10,
      costPerPostCents: 60,
      status: "active",
      metadata: expect.objectContaining({ via_api: true }),
    });
    // posts=0 and a blank expiry, the panels' "unlimited" (product rules 4.26): as many posts as one
    // subscription holds, 100 of 150 at $0.60 each, paid up front.
    const unlimited = await subscribe(panel.key, { posts: "0", expiry: "" });
    expect(unlimited.body).toEqual({ order: expect.any(Number) });
    expect(await autoOrderOf(unlimited.body.order)).toMatchObject({
      totalPosts: 100,
      remainingPosts: 100,
      expiresOn: null,
    });
    expect(await balanceOf(panel.id)).toBe(10_000 - 600 - 120 - 6_000);
    await post({ key: panel.key, action: "cancel", order: String(unlimited.body.order) });
    expect(await balanceOf(panel.id)).toBe(10_000 - 600 - 120);
    // A bare username and "@name" work as well as the profile's link; delay and expiry may be left out.
    for (const username of ["conformance_sub", "@conformance_sub"]) {
      const plain = await subscribe(panel.key, { username, delay: "", posts: "1" });
      expect(plain.body).toEqual({ order: expect.any(Number) });
      expect((await autoOrderOf(plain.body.order)).targetUsername).toBe("conformance_sub");
    }
  });

  it("status: charge after refunds, status, posts served and posts remaining, alone or mixed with orders", async () => {
    const panel = await reseller(10_000);
    const admin = await createUser({ admin: true });
    const order = await placeLikes(panel.key);
    const subscription = (await subscribe(panel.key)).body.order;
    const pending = await post({ key: panel.key, action: "status", order: String(subscription) });
    // Active from the start: a subscription poller (SmartPanel) keeps polling only Active and Paused ones.
    expect(pending.body).toEqual({
      charge: "6.00",
      status: "Active",
      posts: "0",
      // No post made yet; the posts' order ids are followed in tests/integration/http/api-clients.test.ts.
      orders: [],
      remains: "10",
      currency: "USD",
    });
    // Three posts served.
    const served = await setRemainingPosts(
      db(),
      { kind: "admin", adminId: admin.id },
      (await autoOrderOf(subscription)).id,
      7,
    );
    expect(served.ok).toBe(true);
    const mixed = await get({
      key: panel.key,
      action: "status",
      orders: `${order},${subscription},999999999`,
    });
    expect(mixed.body).toEqual({
      [String(order)]: {
        charge: "0.60",
        start_count: "0",
        status: "Pending",
        remains: "150",
        currency: "USD",
      },
      [String(subscription)]: {
        charge: "6.00",
        status: "Active",
        posts: "3",
        // Served by hand (an admin's remaining posts): no post order was made.
        orders: [],
        remains: "7",
        currency: "USD",
      },
      "999999999": expect.objectContaining({ error: "Incorrect order ID" }),
    });
    // Paused by the admin: Paused, still polled.
    const paused = await pauseAutoOrder(
      db(),
      { kind: "admin", adminId: admin.id },
      (await autoOrderOf(subscription)).id,
    );
    expect(paused.ok).toBe(true);
    const pausedStatus = await post({ key: panel.key, action: "status", order: String(subscription) });
    expect(pausedStatus.body).toMatchObject({ status: "Paused", posts: "3", remains: "7" });
    // Another customer's subscription is not found.
    const stranger = await reseller();
    expectRefusal(
      await post({ key: stranger.key, action: "status", order: String(subscription) }),
      "Incorrect order ID",
    );
  });

  it("cancel: per item, a subscription ends with its remaining posts refunded at once; status then shows it", async () => {
    const panel = await reseller(10_000);
    const stranger = await reseller(10_000);
    const admin = await createUser({ admin: true });
    const order = await placeLikes(panel.key);
    const subscription = (await subscribe(panel.key)).body.order;
    const theirs = (await subscribe(stranger.key)).body.order;
    await setRemainingPosts(
      db(),
      { kind: "admin", adminId: admin.id },
      (await autoOrderOf(subscription)).id,
      7,
    );
    const answer = await post({
      key: panel.key,
      action: "cancel",
      orders: `${subscription},${order},${theirs}`,
    });
    expect(answer.body).toEqual([
      { order: subscription, cancel: 1 },
      { order, cancel: 1 },
      { order: theirs, cancel: expect.objectContaining({ error: "Incorrect order ID" }) },
    ]);
    // 7 remaining posts x $0.60 back: $4.20 of $6.00; the order refunded in full.
    expect(await balanceOf(panel.id)).toBe(10_000 - 600 + 420);
    const status = await post({ key: panel.key, action: "status", order: String(subscription) });
    expect(status.body).toEqual({
      charge: "1.80",
      status: "Canceled",
      posts: "3",
      orders: [],
      remains: "7",
      currency: "USD",
    });
    // Cancelled once: asked again, a plain refusal and nothing refunded twice.
    const again = await post({ key: panel.key, action: "cancel", order: String(subscription) });
    expect(again.body[0].cancel).toEqual({ error: expect.any(String) });
    expect(again.body[0].cancel.error).not.toMatch(/^[A-Z][A-Za-z ]+: [A-Z]/);
    expect(await balanceOf(panel.id)).toBe(10_000 - 600 + 420);
    expect((await autoOrderOf(theirs)).status).toBe("active");
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("keeps a delay and an expiry day; past that day the subscription ends with its remaining posts refunded", async () => {
    const panel = await reseller(10_000);
    const placed = await subscribe(panel.key, { delay: "30", expiry: "31/12/2099", posts: "5" });
    expect(placed.status).toBe(200);
    const autoOrder = await autoOrderOf(placed.body.order);
    expect(autoOrder).toMatchObject({ delayMinutes: 30, expiresOn: "2099-12-31", status: "active" });
    // 5 posts of 150 at $4.00 per 1000: $3.00 charged up front.
    expect(await balanceOf(panel.id)).toBe(10_000 - 300);
    // A subscription is not refilled: the refill answers so, in the refill's own words, not "Incorrect order ID".
    const refill = await post({ key: panel.key, action: "refill", order: String(placed.body.order) });
    expectRefusal(refill, "Refill is not available for this service");

    // Its last day passes (set here rather than waited for): the next fulfilment round ends it and refunds.
    await db().update(autoOrders).set({ expiresOn: "2000-01-01" }).where(eq(autoOrders.id, autoOrder.id));
    // (The app servers' own rounds may get there first: either way it ends once.)
    await endExpiredSubscriptions(db());
    expect((await autoOrderOf(placed.body.order)).status).toBe("cancelled");
    expect(await balanceOf(panel.id)).toBe(10_000);
    const status = await post({ key: panel.key, action: "status", order: String(placed.body.order) });
    expect(status.body).toMatchObject({ status: "Expired", charge: "0.00" });
  });

  it("refuses bad min, max, posts, username, delay, expiry and the other type's fields in plain words, charging nothing", async () => {
    const panel = await reseller(10_000);
    const likesService = await likes();
    const cases: [Record<string, string>, string | RegExp][] = [
      [{ min: "99" }, "Quantity less than minimal 100"],
      [{ max: "100001" }, "Quantity more than maximal 100000"],
      [{ min: "200", max: "150" }, "min must not be more than max"],
      [{ min: "" }, 'Missing or invalid parameter "min"'],
      [{ max: "1.5" }, 'Missing or invalid parameter "max"'],
      [
        { posts: "101" },
        "posts must be a whole number from 1 to 100, or 0 for as many as a subscription holds",
      ],
      [{ posts: "" }, "posts must be a whole number from 1 to 100, or 0 for as many as a subscription holds"],
      [{ username: "" }, "Incorrect username: send the profile's username or its link"],
      [{ username: "https://www.instagram.com/p/Conformance1/" }, /^Incorrect username/],
      [{ username: "https://www.tiktok.com/@conformance_sub" }, /^Incorrect username/],
      [{ delay: "601" }, "Incorrect delay: whole minutes from 0 to 600"],
      [{ expiry: "31/12/2000" }, "Incorrect expiry: a day from today on, as d/m/Y"],
      [{ expiry: "2099-12-31" }, "Incorrect expiry: a day from today on, as d/m/Y"],
      [{ old_posts: "5" }, "Old posts are not supported: send old_posts=0"],
      [{ link: POST_LINK }, /^This Subscriptions service does not take "link"/],
      [{ quantity: "150" }, /^This Subscriptions service does not take "quantity"/],
      [{ max: "100000", posts: "100" }, "Not enough funds on balance"],
    ];
    for (const [fields, error] of cases) expectRefusal(await subscribe(panel.key, fields), error);
    // A one-time service refuses a subscription's fields the same way.
    for (const field of ["username", "min", "max", "posts", "delay", "expiry"]) {
      expectRefusal(
        await post({
          key: panel.key,
          action: "add",
          service: likesService.apiIdText,
          link: POST_LINK,
          quantity: "150",
          [field]: "10",
        }),
        new RegExp(`^This Default service does not take "${field}"`),
      );
    }
    expect(await balanceOf(panel.id)).toBe(10_000);
    expect(await db().$count(autoOrders, eq(autoOrders.userId, panel.id))).toBe(0);
  });
});

describe("API v2 conformance: order types (Default with drip-feed, Custom Comments, Package)", () => {
  /** A service of its own for the test (on a platform few tests look at), so flags changed here touch no one. */
  async function ownService(values: Partial<typeof services.$inferInsert>) {
    const slug = `conformance-${randomUUID().slice(0, 8)}`;
    const [service] = await db()
      .insert(services)
      .values({
        slug,
        name: `Twitter Conformance ${slug}`,
        platform: "twitter",
        serviceType: "one_time",
        pricePer1000: "2.0000",
        minQuantity: 10,
        maxQuantity: 1000,
        ...values,
      })
      .returning();
    return service!;
  }

  async function listed(key: string, apiId: number): Promise<Json> {
    const answer = await post({ key, action: "services" });
    return answer.body.find((service: Json) => service.service === apiId);
  }

  it("drip-feed: runs x quantity charged once, the runs and interval kept, refused where the service has none", async () => {
    const panel = await reseller(5_000);
    const service = await ownService({ dripfeed: true });
    expect(await listed(panel.key, service.apiId)).toMatchObject({ type: "Default", dripfeed: true });
    const placed = await post({
      key: panel.key,
      action: "add",
      service: String(service.apiId),
      link: "https://twitter.com/boostly/status/1",
      quantity: "100",
      runs: "3",
      interval: "10",
    });
    expect(placed.status).toBe(200);
    expect(Number.isSafeInteger(placed.body.order)).toBe(true);
    // 3 runs of 100 at $2.00 per 1000: $0.60, charged once.
    expect(await balanceOf(panel.id)).toBe(5_000 - 60);
    const [order] = await db()
      .select({ quantity: orders.quantity, runs: orders.runs, interval: orders.intervalMinutes })
      .from(orders)
      .where(eq(orders.orderNumber, `ORD-${placed.body.order}`));
    expect(order).toEqual({ quantity: 300, runs: 3, interval: 10 });
    const status = await post({ key: panel.key, action: "status", order: String(placed.body.order) });
    expect(status.body).toMatchObject({ charge: "0.60", runs: "0", remains: "300", currency: "USD" });
    // Ended Partial after two of its runs (100 of 300 not delivered): `runs` says 2, so a panel refunds one run.
    const [stored] = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.orderNumber, `ORD-${placed.body.order}`));
    expect((await setOrderStatus(db(), { orderId: stored!.id, status: "partial", remains: 100 })).ok).toBe(
      true,
    );
    const partial = await post({ key: panel.key, action: "status", order: String(placed.body.order) });
    expect(partial.body).toMatchObject({ status: "Partial", runs: "2", remains: "100", charge: "0.40" });

    const plain = await ownService({});
    const refused = await post({
      key: panel.key,
      action: "add",
      service: String(plain.apiId),
      link: "https://twitter.com/boostly/status/2",
      quantity: "100",
      runs: "3",
      interval: "10",
    });
    expectRefusal(refused, "Drip-feed is not available for this service");
    const badRuns = await post({
      key: panel.key,
      action: "add",
      service: String(service.apiId),
      link: "https://twitter.com/boostly/status/3",
      quantity: "100",
      runs: "1",
      interval: "10",
    });
    expectRefusal(badRuns, /^Incorrect runs/);
    // $0.60 charged, $0.20 (the run not delivered) refunded.
    expect(await balanceOf(panel.id)).toBe(5_000 - 40);
  });

  it("custom comments: one comment per line, the quantity is their count", async () => {
    const panel = await reseller(5_000);
    const service = await ownService({ orderType: "custom_comments" });
    expect(await listed(panel.key, service.apiId)).toMatchObject({
      type: "Custom Comments",
      dripfeed: false,
    });
    const comments = Array.from({ length: 12 }, (_, index) => `Great post number ${index + 1}!`);
    const placed = await post({
      key: panel.key,
      action: "add",
      service: String(service.apiId),
      link: "https://twitter.com/boostly/status/4",
      comments: `${comments.join("\n")}\n\n`,
    });
    expect(placed.status).toBe(200);
    const [order] = await db()
      .select({ quantity: orders.quantity, comments: orders.comments })
      .from(orders)
      .where(eq(orders.orderNumber, `ORD-${placed.body.order}`));
    expect(order?.quantity).toBe(12);
    expect(order?.comments?.split("\n")).toEqual(comments);
    const tooFew = await post({
      key: panel.key,
      action: "add",
      service: String(service.apiId),
      link: "https://twitter.com/boostly/status/5",
      comments: "Only one",
    });
    expectRefusal(tooFew, "Quantity less than minimal 10");
  });

  it("package service: listed per package with min = max = 1, a link (quantity absent or 1), remains in packages", async () => {
    const panel = await reseller(5_000);
    const starter = await ownService({
      orderType: "package",
      pricePer1000: "7.9500",
      minQuantity: 1,
      maxQuantity: 1,
    });
    expect(await listed(panel.key, starter.apiId)).toEqual({
      service: starter.apiId,
      name: expect.any(String),
      type: "Package",
      category: expect.any(String),
      rate: "7.95",
      min: "1",
      max: "1",
      dripfeed: false,
      refill: false,
      cancel: true,
    });
    const add = (fields: Record<string, string>) =>
      post({ key: panel.key, action: "add", service: String(starter.apiId), ...fields });
    const extras: Record<string, string>[] = [
      { quantity: "2" },
      { quantity: "1000" },
      { runs: "2", interval: "5" },
      { comments: "a" },
    ];
    for (const fields of extras) {
      const refused = await add({ link: "https://twitter.com/boostly/status/10", ...fields });
      expectRefusal(refused, "A package takes a link only (no quantity, runs, interval or comments)");
    }
    expect(await balanceOf(panel.id)).toBe(5_000);
    const placed = await add({ link: "https://twitter.com/boostly/status/11" });
    expect(Number.isSafeInteger(placed.body.order)).toBe(true);
    const again = await add({ link: "https://twitter.com/boostly/status/12", quantity: "1" });
    expect(Number.isSafeInteger(again.body.order)).toBe(true);
    // $7.95 a package, twice: not $0.01 for "1 of a per-1000 rate" (the loss).
    expect(await balanceOf(panel.id)).toBe(5_000 - 2 * 795);
    const status = await post({ key: panel.key, action: "status", order: String(placed.body.order) });
    expect(status.body).toMatchObject({ charge: "7.95", status: "Pending", remains: "1", currency: "USD" });
  });

  it("an order below its known upstream cost: refused in plain words (below_cost), nothing charged", async () => {
    const panel = await reseller(5_000);
    const service = await ownService({});
    const [provider] = await db()
      .insert(providers)
      .values({
        name: "Dear panel",
        apiUrl: "https://dear.example/api/v2",
        apiKeyEncrypted: "-",
        apiKeyHint: "-",
      })
      .returning();
    // $2.00/1000 sold, $2.50/1000 to buy upstream.
    await db().insert(providerServices).values({
      serviceId: service.id,
      providerId: provider!.id,
      providerServiceId: "1",
      costPer1000: "2.5000",
    });
    try {
      const refused = await post({
        key: panel.key,
        action: "add",
        service: String(service.apiId),
        link: "https://twitter.com/boostly/status/13",
        quantity: "100",
      });
      expectRefusal(refused, "This service cannot be ordered at this price right now, try again later");
      expect(await balanceOf(panel.id)).toBe(5_000);
    } finally {
      await db().delete(providerServices).where(eq(providerServices.serviceId, service.id));
      await db().delete(providers).where(eq(providers.id, provider!.id));
    }
  });

  it("package: a likes pack by its integer id with a link only, charged the pack's price", async () => {
    const panel = await reseller(20_000);
    const [pack] = await db().select().from(likesPacks).orderBy(likesPacks.priceCents).limit(1);
    expect(await listed(panel.key, pack!.apiId)).toMatchObject({ type: "Package", min: "1", max: "1" });
    const placed = await post({
      key: panel.key,
      action: "add",
      service: String(pack!.apiId),
      link: "https://www.instagram.com/p/ConformancePack/",
    });
    expect(placed.status).toBe(200);
    expect(Number.isSafeInteger(placed.body.order)).toBe(true);
    expect(await balanceOf(panel.id)).toBe(20_000 - pack!.priceCents);
    const withQuantity = await post({
      key: panel.key,
      action: "add",
      service: String(pack!.apiId),
      link: "https://www.instagram.com/p/ConformancePack2/",
      runs: "2",
      interval: "5",
    });
    expectRefusal(withQuantity, "A package takes a link only (no quantity, runs, interval or comments)");
    expect(await balanceOf(panel.id)).toBe(20_000 - pack!.priceCents);
    // Its remains count packs, as `services` lists it: 1 while none of it was delivered, 0 once some was, so a
    // panel refunding charge x remains / quantity never pays back more than the charge.
    const remainsOf = async (order: number) =>
      (await post({ key: panel.key, action: "status", order: String(order) })).body.remains;
    expect(await remainsOf(placed.body.order)).toBe("1");
    const [stored] = await db()
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, `ORD-${placed.body.order}`));
    const half = Math.floor(stored!.quantity / 2);
    expect((await setOrderStatus(db(), { orderId: stored!.id, status: "partial", remains: half })).ok).toBe(
      true,
    );
    const partial = await post({ key: panel.key, action: "status", order: String(placed.body.order) });
    expect(partial.body).toMatchObject({ status: "Partial", remains: "0" });
  });
});
