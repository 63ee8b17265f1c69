import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { orders, services, transactions } from "../../../app/db/schema.ts";
import { ORDER_TEXT } from "../../../app/domain/orders/messages.ts";
import { createApiKey } from "../../../app/domain/reseller/api-keys.server.ts";
import { findLedgerMismatches } from "../../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, fundWallet, serviceBySlug } from "../../support/factories.ts";
import { appUrl, createAccount, secondAppUrl } from "../../support/http.ts";

const POST_LINK = "https://www.instagram.com/p/ApiTest123/";

/** A reseller's server calling the API: no cookies, no Origin, form fields as the standard protocol sends them. */
async function callApi(fields: Record<string, string>, baseUrl = appUrl) {
  const response = await fetch(`${baseUrl}/api/v2`, { method: "POST", body: new URLSearchParams(fields) });
  // biome-ignore lint/suspicious/noExplicitAny: a JSON answer whose shape each test asserts
  return { status: response.status, body: (await response.json()) as any };
}

async function resellerWithKey(fundsCents = 0) {
  const account = await createAccount();
  if (fundsCents > 0) await fundWallet(account.id, fundsCents);
  const created = await createApiKey(db(), { userId: account.id, name: "Test panel" });
  if (!created.ok) throw new Error(created.message);
  return { ...account, key: created.key };
}

async function ordersOf(userId: string) {
  return db().select().from(orders).where(eq(orders.userId, userId));
}

describe("reseller API /api/v2", () => {
  it("refuses a wrong or missing key with the standard error and charges nothing", async () => {
    const reseller = await resellerWithKey(10_000);
    const likes = await serviceBySlug("instagram-likes");
    for (const key of ["", "bst_not-a-real-key", `${reseller.key}x`]) {
      const answer = await callApi({
        key,
        action: "add",
        service: String(likes.apiId),
        link: POST_LINK,
        quantity: "150",
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ error: "Invalid API key" });
    }
    expect(await balanceOf(reseller.id)).toBe(10_000);
    expect(await ordersOf(reseller.id)).toHaveLength(0);
  });

  it("refuses a parameter its action does not read and control characters, charging nothing", async () => {
    const reseller = await resellerWithKey(10_000);
    const likes = await serviceBySlug("instagram-likes");
    const order = {
      key: reseller.key,
      action: "add",
      service: String(likes.apiId),
      link: POST_LINK,
      quantity: "150",
    };
    // Drip-feed is read (docs/decisions/021), and refused on a service that does not allow it, never dropped.
    const dripFeed = await callApi({ ...order, runs: "3", interval: "10" });
    expect(dripFeed.status).toBe(200);
    expect(dripFeed.body).toEqual({ error: "Drip-feed is not available for this service" });
    const unknown = await callApi({ ...order, speed: "fast" });
    expect(unknown.body).toEqual({ error: 'Unknown parameter "speed"' });
    const nul = await callApi({ ...order, idempotency_key: "abc\u0000def" });
    expect(nul.status).toBe(200);
    expect(nul.body.error).toMatch(/control characters/);
    const balance = await callApi({ key: reseller.key, action: "balance", order: "1" });
    expect(balance.body).toEqual({ error: 'Unknown parameter "order"' });
    expect(await balanceOf(reseller.id)).toBe(10_000);
    expect(await ordersOf(reseller.id)).toHaveLength(0);
  });

  it("reads what generic clients send: every field blank when unused, and a form labelled text/plain", async () => {
    const reseller = await resellerWithKey(10_000);
    const likes = await serviceBySlug("instagram-likes");
    // A sample's every field, the unused ones blank: an order, as if they were not sent.
    const placed = await callApi({
      key: reseller.key,
      action: "add",
      service: String(likes.apiId),
      link: POST_LINK,
      quantity: "150",
      runs: "",
      interval: "",
      comments: "",
      usernames: "",
      hashtags: " ",
      answer_number: "",
    });
    expect(placed.body).toEqual({ order: expect.any(Number) });
    // A blank field is not sent; a filled unknown one is still refused.
    expect((await callApi({ key: reseller.key, action: "balance", order: "" })).body).toEqual({
      balance: expect.any(String),
      currency: "USD",
    });
    expect((await callApi({ key: reseller.key, action: "balance", usernames: "x" })).body).toEqual({
      error: 'Unknown parameter "usernames"',
    });
    // What `fetch` sends for a string body: text/plain, still a form.
    const asText = await fetch(`${appUrl}/api/v2`, {
      method: "POST",
      body: new URLSearchParams({ key: reseller.key, action: "balance" }).toString(),
    });
    expect(asText.headers.get("content-type")).toMatch(/json/);
    expect(await asText.json()).toEqual({ balance: expect.any(String), currency: "USD" });
    const jsonAsText = await fetch(`${appUrl}/api/v2`, {
      method: "POST",
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ key: reseller.key, action: "balance" }),
    });
    expect(await jsonAsText.json()).toEqual({ balance: expect.any(String), currency: "USD" });
    expect(await ordersOf(reseller.id)).toHaveLength(1);
    // A link past the longest an order takes is called too long, not missing.
    const long = await callApi({
      key: reseller.key,
      action: "add",
      service: String(likes.apiId),
      link: `${POST_LINK}?${"x".repeat(3_000)}`,
      quantity: "150",
    });
    expect(long.body).toEqual({ error: ORDER_TEXT.linkTooLong.message });
    expect(await ordersOf(reseller.id)).toHaveLength(1);
  });

  it("answers an unknown action with the standard error", async () => {
    const reseller = await resellerWithKey();
    const answer = await callApi({ key: reseller.key, action: "delete_everything" });
    expect(answer.status).toBe(200);
    expect(answer.body.error).toMatch(/^Unknown action "delete_everything"/);
  });

  it("lists one-time services with the storefront's rate, min and max, and auto services as Subscriptions", async () => {
    const reseller = await resellerWithKey();
    const answer = await callApi({ key: reseller.key, action: "services" });
    expect(answer.status).toBe(200);
    const likes = await serviceBySlug("instagram-likes");
    const listed = answer.body.find((service: { service: number }) => service.service === likes.apiId);
    expect(listed).toEqual({
      service: likes.apiId,
      name: likes.name,
      type: "Default",
      category: "Instagram Likes",
      rate: "4.00",
      min: String(likes.minQuantity),
      max: String(likes.maxQuantity),
      dripfeed: false,
      // Its pages promise the refill: refillable for 30 days (product rules 4.7).
      refill: true,
      cancel: true,
    });
    const autoServices = await db()
      .select({ apiId: services.apiId })
      .from(services)
      .where(and(eq(services.serviceType, "auto"), eq(services.enabled, true)));
    // Auto services are listed as the panels' Subscriptions (docs/decisions/023-api-subscriptions.md).
    const typeOf = new Map(
      answer.body.map((service: { service: number; type: string }) => [service.service, service.type]),
    );
    for (const auto of autoServices) expect(typeOf.get(auto.apiId)).toBe("Subscriptions");
  });

  it("places an order at the server's price, charges the wallet once per idempotency key, and reports its status", async () => {
    const reseller = await resellerWithKey(10_000);
    const likes = await serviceBySlug("instagram-likes");
    const add = {
      key: reseller.key,
      action: "add",
      service: String(likes.apiId),
      link: POST_LINK,
      quantity: "1000",
    };
    const first = await callApi({ ...add, idempotency_key: "panel-order-7" });
    expect(first.status).toBe(200);
    expect(first.body.order).toEqual(expect.any(Number));
    // The same key again, through the other app server: the same order, nothing charged again.
    const again = await callApi({ ...add, idempotency_key: "panel-order-7" }, secondAppUrl);
    expect(again.body).toEqual({ order: first.body.order });
    expect(await balanceOf(reseller.id)).toBe(10_000 - 400);

    const placed = await ordersOf(reseller.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      orderNumber: `ORD-${first.body.order}`,
      totalCents: 400,
      quantity: 1000,
    });
    expect(placed[0]!.metadata).toMatchObject({ via_api: true, service_name: likes.name });

    const status = await callApi({ key: reseller.key, action: "status", order: String(first.body.order) });
    expect(status.body).toEqual({
      charge: "4.00",
      start_count: "0",
      status: "Pending",
      remains: "1000",
      currency: "USD",
    });
    const balance = await callApi({ key: reseller.key, action: "balance" });
    expect(balance.body).toEqual({ balance: "96.00", currency: "USD" });
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("refuses a quantity outside the service's limits and an unaffordable order, charging nothing", async () => {
    const reseller = await resellerWithKey(100);
    const likes = await serviceBySlug("instagram-likes");
    const order = { key: reseller.key, action: "add", service: String(likes.apiId), link: POST_LINK };
    const tooFew = await callApi({ ...order, quantity: String(likes.minQuantity - 1) });
    expect(tooFew.status).toBe(200);
    expect(tooFew.body).toEqual({
      error: `Quantity less than minimal ${likes.minQuantity}`,
    });

    const tooDear = await callApi({ ...order, quantity: "1000" });
    expect(tooDear.status).toBe(200);
    expect(tooDear.body).toEqual({ error: "Not enough funds on balance" });

    const notANumber = await callApi({ ...order, quantity: "1e3" });
    expect(notANumber.status).toBe(200);
    expect(notANumber.body).toEqual({ error: "Incorrect quantity" });

    expect(await balanceOf(reseller.id)).toBe(100);
    expect(await ordersOf(reseller.id)).toHaveLength(0);
    const purchases = await db().select().from(transactions).where(eq(transactions.userId, reseller.id));
    expect(purchases.filter((row) => row.type === "purchase")).toHaveLength(0);
  });

  it("never lets one customer's key read or cancel another customer's orders", async () => {
    const owner = await resellerWithKey(10_000);
    const stranger = await resellerWithKey(10_000);
    const likes = await serviceBySlug("instagram-likes");
    const placed = await callApi({
      key: owner.key,
      action: "add",
      service: String(likes.apiId),
      link: POST_LINK,
      quantity: "150",
    });
    const id = String(placed.body.order);

    const incorrect = { error: "Incorrect order ID" };
    const single = await callApi({ key: stranger.key, action: "status", order: id });
    expect(single.status).toBe(200);
    expect(single.body).toEqual(incorrect);
    const many = await callApi({ key: stranger.key, action: "status", orders: `${id},999999999` });
    expect(many.body).toEqual({ [id]: incorrect, "999999999": incorrect });
    const cancel = await callApi({ key: stranger.key, action: "cancel", orders: id });
    expect(cancel.body).toEqual([{ order: Number(id), cancel: incorrect }]);

    const [order] = await ordersOf(owner.id);
    expect(order!.status).toBe("pending");
    expect(await balanceOf(owner.id)).toBe(10_000 - 60);
  });

  it("cancels a pending order once with a full refund, and refuses a second cancel", async () => {
    const reseller = await resellerWithKey(10_000);
    const likes = await serviceBySlug("instagram-likes");
    const placed = await callApi({
      key: reseller.key,
      action: "add",
      service: String(likes.apiId),
      link: POST_LINK,
      quantity: "500",
    });
    const id = String(placed.body.order);
    const [first, second] = await Promise.all([
      callApi({ key: reseller.key, action: "cancel", orders: id }),
      callApi({ key: reseller.key, action: "cancel", orders: id }, secondAppUrl),
    ]);
    const outcomes = [first.body[0], second.body[0]].map((result: { cancel: unknown }) => result.cancel);
    expect(outcomes.filter((outcome) => outcome === 1)).toHaveLength(1);
    expect(await balanceOf(reseller.id)).toBe(10_000);
    const status = await callApi({ key: reseller.key, action: "status", orders: id });
    expect(status.body[id]).toMatchObject({ status: "Canceled", remains: "500" });
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("reads the fields from multipart and JSON bodies too, as some panels send them", async () => {
    const reseller = await resellerWithKey(1_234);
    const multipart = new FormData();
    multipart.set("key", reseller.key);
    multipart.set("action", "balance");
    const fromMultipart = await fetch(`${appUrl}/api/v2`, { method: "POST", body: multipart });
    expect(await fromMultipart.json()).toEqual({ balance: "12.34", currency: "USD" });
    const fromJson = await fetch(`${appUrl}/api/v2`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ key: reseller.key, action: "balance" }),
    });
    expect(await fromJson.json()).toEqual({ balance: "12.34", currency: "USD" });
  });

  it("takes the idempotency key from the Idempotency-Key header too", async () => {
    const reseller = await resellerWithKey(10_000);
    const likes = await serviceBySlug("instagram-likes");
    const send = () =>
      fetch(`${appUrl}/api/v2`, {
        method: "POST",
        headers: { "Idempotency-Key": "header-key-1" },
        body: new URLSearchParams({
          key: reseller.key,
          action: "add",
          service: String(likes.apiId),
          link: POST_LINK,
          quantity: "150",
        }),
      }).then((response) => response.json());
    const first = await send();
    expect(await send()).toEqual(first);
    expect(await ordersOf(reseller.id)).toHaveLength(1);
    expect(await balanceOf(reseller.id)).toBe(10_000 - 60);
  });

  it("answers an unreadable or oversized body with the standard error shape", async () => {
    const malformed = await fetch(`${appUrl}/api/v2`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      error: expect.stringMatching(/^Request body could not be read/),
    });
    const huge = new FormData();
    huge.set("key", "bst_x");
    huge.set("action", "balance");
    huge.set("padding", "x".repeat(64 * 1024));
    const oversized = await fetch(`${appUrl}/api/v2`, { method: "POST", body: huge });
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toEqual({
      error: expect.stringMatching(/^Request body too large/),
    });
    // Streamed in chunks, with no length announced up front: refused once it passes the limit.
    const chunk = new TextEncoder().encode(`key=bst_x&action=balance&padding=${"x".repeat(8 * 1024)}`);
    const streamed = await fetch(`${appUrl}/api/v2`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 8; i++) controller.enqueue(chunk);
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({
      error: expect.stringMatching(/^Request body too large/),
    });
  });

  it("answers as data that is never cached, run or framed", async () => {
    const response = await fetch(`${appUrl}/api/v2`, {
      method: "POST",
      body: new URLSearchParams({ key: "bst_x", action: "balance" }),
    });
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it("answers a method other than GET or POST with the method error", async () => {
    const response = await fetch(`${appUrl}/api/v2`, { method: "PUT" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
    expect(await response.json()).toEqual({ error: "Use GET or POST" });
  });
});
