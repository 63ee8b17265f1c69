import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders, services, settings, transactions } from "../../app/db/schema.ts";
import { placeOrder, type SimpleOrderInput } from "../../app/domain/orders/place-order.server.ts";
import { placePackOrder } from "../../app/domain/orders/place-pack-order.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, fundWallet, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

const POST = "https://www.instagram.com/p/C0ffeeBean12/";

async function likesOrder(
  userId: string,
  overrides: Partial<SimpleOrderInput> = {},
): Promise<SimpleOrderInput> {
  return {
    userId,
    serviceId: await serviceId("Instagram Likes"),
    quantity: 150,
    targetLink: POST,
    deliverySpeed: "normal",
    ...overrides,
  };
}

async function expectNothingCharged(userId: string, balance: number) {
  expect(await balanceOf(userId)).toBe(balance);
  expect(await db().$count(orders, eq(orders.userId, userId))).toBe(0);
  expect(
    await db().$count(transactions, and(eq(transactions.userId, userId), eq(transactions.type, "purchase"))),
  ).toBe(0);
}

describe("placing a one-time order", () => {
  it("charges the server's price (Instagram Likes $4/1000 x 150 = $0.60) and records the order", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const result = await placeOrder(db(), await likesOrder(user.id));
    expect(result).toMatchObject({ ok: true, balanceCents: 940, replayed: false, order: { totalCents: 60 } });
    if (!result.ok) return;
    expect(result.order.orderNumber).toMatch(/^ORD-\d{6,}$/);
    const [ledger] = await db().select().from(transactions).where(eq(transactions.orderId, result.order.id));
    expect(ledger).toMatchObject({ type: "purchase", amountCents: -60, status: "completed" });
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("never charges a total the client sent: a different expected total is refused as a price change", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const result = await placeOrder(db(), await likesOrder(user.id, { expectedTotalCents: cents(1) }));
    expect(result).toMatchObject({ ok: false, kind: "conflict", code: "price_changed", totalCents: 60 });
    await expectNothingCharged(user.id, 1_000);
    const agreed = await placeOrder(db(), await likesOrder(user.id, { expectedTotalCents: cents(60) }));
    expect(agreed).toMatchObject({ ok: true, order: { totalCents: 60 } });
  });

  it.each([
    [
      "a quantity below the minimum",
      { quantity: 99 },
      "Invalid quantity",
      "Quantity must be between 100 and 100,000.",
    ],
    [
      "a quantity above the maximum",
      { quantity: 100_001 },
      "Invalid quantity",
      "Quantity must be between 100 and 100,000.",
    ],
    [
      "a fractional quantity",
      { quantity: 150.5 },
      "Invalid quantity",
      "Quantity must be between 100 and 100,000.",
    ],
    [
      "a missing post link",
      { targetLink: "  " },
      "Post Link Required",
      "Please enter an Instagram post link",
    ],
    [
      "a profile link for a post service",
      { targetLink: "https://www.instagram.com/someone/" },
      "Invalid Link",
      "Please enter a valid Instagram post link",
    ],
    [
      "a link to another site",
      { targetLink: "https://evil.example/p/abc" },
      "Invalid Link",
      "Please enter a valid Instagram post link",
    ],
    [
      "an unknown service",
      { serviceId: "00000000-0000-4000-8000-000000000000" },
      "Service Error",
      "Please select a valid service",
    ],
    [
      "a malformed service id",
      { serviceId: "'; drop table orders; --" },
      "Service Error",
      "Please select a valid service",
    ],
  ])("refuses %s with the spec's message and charges nothing", async (_case, overrides, title, message) => {
    const user = await createUser({ fundsCents: 10_000 });
    const result = await placeOrder(db(), await likesOrder(user.id, overrides as Partial<SimpleOrderInput>));
    expect(result).toMatchObject({ ok: false, title, message });
    await expectNothingCharged(user.id, 10_000);
  });

  it("refuses an auto service in the one-time flow", async () => {
    const user = await createUser({ fundsCents: 10_000 });
    const result = await placeOrder(
      db(),
      await likesOrder(user.id, { serviceId: await serviceId("Instagram Auto Likes") }),
    );
    expect(result).toMatchObject({
      ok: false,
      code: "AUTO_SERVICE_NOT_SUPPORTED_IN_THIS_FLOW",
      title: "Redirecting to Auto Order setup",
    });
    await expectNothingCharged(user.id, 10_000);
  });

  it("refuses a disabled service", async () => {
    const user = await createUser({ fundsCents: 10_000 });
    await db().update(services).set({ enabled: false }).where(eq(services.name, "TikTok Likes"));
    const result = await placeOrder(db(), {
      userId: user.id,
      serviceId: await serviceId("TikTok Likes"),
      quantity: 50,
      targetLink: "https://www.tiktok.com/@someone/video/7300000000000000000",
      deliverySpeed: "fast",
    });
    expect(result).toMatchObject({ ok: false, title: "Service Error" });
    await db().update(services).set({ enabled: true }).where(eq(services.name, "TikTok Likes"));
  });

  it("accepts a profile service's username on Instagram and a platform link elsewhere", async () => {
    const user = await createUser({ fundsCents: 10_000 });
    const followers = await placeOrder(
      db(),
      await likesOrder(user.id, {
        serviceId: await serviceId("Instagram Followers"),
        quantity: 100,
        targetLink: "@some.creator",
      }),
    );
    expect(followers).toMatchObject({ ok: true, order: { totalCents: 150 } });
    const plays = await placeOrder(db(), {
      userId: user.id,
      serviceId: await serviceId("Spotify Plays"),
      quantity: 1_234,
      targetLink: "https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC",
      deliverySpeed: "normal",
    });
    expect(plays).toMatchObject({ ok: true, order: { totalCents: 432 } });
  });

  it("answers insufficient balance with the amounts and charges nothing", async () => {
    const user = await createUser({ fundsCents: 59 });
    const result = await placeOrder(db(), await likesOrder(user.id));
    expect(result).toMatchObject({
      ok: false,
      kind: "insufficient_funds",
      title: "Insufficient Balance",
      message: "You need $0.60 but only have $0.59. Please add funds to your wallet.",
    });
    await expectNothingCharged(user.id, 59);
  });

  it("refuses new orders in maintenance mode", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    await db()
      .insert(settings)
      .values({ key: "maintenanceMode", value: true })
      .onConflictDoUpdate({ target: settings.key, set: { value: true } });
    try {
      const result = await placeOrder(db(), await likesOrder(user.id));
      expect(result).toMatchObject({ ok: false, kind: "unavailable", title: "Maintenance" });
      await expectNothingCharged(user.id, 1_000);
    } finally {
      await db().update(settings).set({ value: false }).where(eq(settings.key, "maintenanceMode"));
    }
  });
});

describe("orders under concurrency", () => {
  it("50 simultaneous orders from a wallet that affords exactly 7: 7 succeed, 43 are refused, balance never negative", async () => {
    const user = await createUser({ fundsCents: 7 * 60 });
    // A post each: one link takes one active order (product rules 4.27, tests/integration/duplicate-link.test.ts).
    const inputs = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        likesOrder(user.id, { targetLink: `https://www.instagram.com/p/Wallet${index}/` }),
      ),
    );
    const results = await Promise.all(inputs.map((input) => placeOrder(db(), input)));
    expect(results.filter((result) => result.ok)).toHaveLength(7);
    const refused = results.filter((result) => !result.ok);
    expect(refused).toHaveLength(43);
    for (const result of refused)
      expect(result).toMatchObject({
        kind: "insufficient_funds",
        title: "Insufficient Balance",
      });
    expect(await balanceOf(user.id)).toBe(0);
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(7);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("the same idempotency key sent 20 times at once makes one order and one charge", async () => {
    const user = await createUser({ fundsCents: 10_000 });
    const input = await likesOrder(user.id, { idempotencyKey: "form-token-1" });
    const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(db(), input)));
    expect(results.every((result) => result.ok)).toBe(true);
    const ids = new Set(results.map((result) => (result.ok ? result.order.id : "")));
    expect(ids.size).toBe(1);
    expect(results.filter((result) => result.ok && !result.replayed)).toHaveLength(1);
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(1);
    expect(await balanceOf(user.id)).toBe(10_000 - 60);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("a repeated key returns the first order even when the wallet could not pay a second time", async () => {
    const user = await createUser({ fundsCents: 60 });
    const input = await likesOrder(user.id, { idempotencyKey: "tight-balance" });
    const first = await placeOrder(db(), input);
    expect(first).toMatchObject({ ok: true, replayed: false, balanceCents: 0 });
    const again = await Promise.all([placeOrder(db(), input), placeOrder(db(), input)]);
    for (const result of again) {
      expect(result).toMatchObject({ ok: true, replayed: true, balanceCents: 0 });
      if (result.ok && first.ok) expect(result.order.id).toBe(first.order.id);
    }
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(1);
  });

  it("a key whose first attempt lacked funds can be used again once the wallet is topped up", async () => {
    const user = await createUser();
    const input = await likesOrder(user.id, { idempotencyKey: "retry-after-top-up" });
    expect(await placeOrder(db(), input)).toMatchObject({ ok: false, kind: "insufficient_funds" });
    await fundWallet(user.id, 100);
    expect(await placeOrder(db(), input)).toMatchObject({ ok: true, replayed: false, balanceCents: 40 });
  });
});

describe("likes pack orders", () => {
  it("charges Big pack + extra 500 likes + extra 5,000 views + 20 comments = $32.45 with one metadata line per part", async () => {
    const user = await createUser({ fundsCents: 5_000 });
    const result = await placePackOrder(db(), {
      userId: user.id,
      packCode: "big",
      targetLink: "https://instagram.com/reel/Cabc123XYZ/",
      deliverySpeed: "fast",
      extraLikes: true,
      extraViews: true,
      comments: 20,
    });
    expect(result).toMatchObject({ ok: true, order: { totalCents: 3_245 }, balanceCents: 1_755 });
    if (!result.ok) return;
    const [order] = await db().select().from(orders).where(eq(orders.id, result.order.id));
    expect(order?.quantity).toBe(1_500);
    expect(order?.metadata.services?.map((line) => line.service_type)).toEqual([
      "instagram_likes_big_pack",
      "instagram_likes_extra_big",
      "instagram_views",
      "real_instagram_comments",
    ]);
  });

  it("refuses a pack order without a valid post link, and an unknown pack", async () => {
    const user = await createUser({ fundsCents: 5_000 });
    const base = {
      userId: user.id,
      deliverySpeed: "normal" as const,
      extraLikes: false,
      extraViews: false,
      comments: 0 as const,
    };
    expect(await placePackOrder(db(), { ...base, packCode: "small", targetLink: "" })).toMatchObject({
      ok: false,
      title: "Post Link Required",
    });
    expect(
      await placePackOrder(db(), { ...base, packCode: "small", targetLink: "instagram.com/someone" }),
    ).toMatchObject({ ok: false, title: "Invalid Link" });
    expect(await placePackOrder(db(), { ...base, packCode: "mega", targetLink: POST })).toMatchObject({
      ok: false,
      title: "Service Error",
    });
    await expectNothingCharged(user.id, 5_000);
  });

  it("answers 'Service Unavailable' when the Instagram Likes service is switched off", async () => {
    const user = await createUser({ fundsCents: 5_000 });
    await db().update(services).set({ enabled: false }).where(eq(services.slug, "instagram-likes"));
    try {
      const result = await placePackOrder(db(), {
        userId: user.id,
        packCode: "small",
        targetLink: POST,
        deliverySpeed: "normal",
        extraLikes: false,
        extraViews: false,
        comments: 0,
      });
      expect(result).toMatchObject({
        ok: false,
        title: "Service Unavailable",
        message: "Instagram Likes service is not available. Please try again later.",
      });
    } finally {
      await db().update(services).set({ enabled: true }).where(eq(services.slug, "instagram-likes"));
    }
  });
});
