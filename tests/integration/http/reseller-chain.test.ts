import { randomUUID } from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect, type Database } from "../../../app/db/client.server.ts";
import {
  autoOrders,
  fulfilments,
  orders,
  refills,
  services,
  transactions,
  userRoles,
  users,
} from "../../../app/db/schema.ts";
import { setRemainingPosts } from "../../../app/domain/auto-orders/change-auto-order.server.ts";
import { placeAutoOrder } from "../../../app/domain/auto-orders/place-auto-order.server.ts";
import {
  fetchProviderServices,
  mapProviderService,
} from "../../../app/domain/fulfilment/provider-services.server.ts";
import { placeOrder } from "../../../app/domain/orders/place-order.server.ts";
import { placePackOrder } from "../../../app/domain/orders/place-pack-order.server.ts";
import { cents } from "../../../app/domain/pricing/cents.ts";
import { decideManualRefill } from "../../../app/domain/refills/manual-refills.server.ts";
import { requestRefill } from "../../../app/domain/refills/request-refill.server.ts";
import { createApiKey } from "../../../app/domain/reseller/api-keys.server.ts";
import { postLedgerEntry } from "../../../app/domain/wallet/post-ledger-entry.server.ts";
import { addProviderFromForm } from "../../../app/routes/admin.providers.$providerId/provider-page-actions.server.ts";
import { changeOrderStatusFromForm } from "../../../app/routes/shared/order-status-form.server.ts";
import { SLOW_WAIT_TIMEOUT_MS, TEST_AUTH_SECRET } from "../../support/constants.ts";
import { startAppServerOnOwnDatabase } from "../../support/global-setup.ts";

// The provider key is encrypted here as server B will decrypt it: with the suite's shared secret.
process.env.AUTH_SECRET = TEST_AUTH_SECRET;

/**
 * Two shops on separate databases: A is the suite's app server (database boostly_http); B is started here on
 * a database of its own, with its fulfilment worker on, and has A's /api/v2 as its provider.
 */
const [appUrlA] = inject("appUrls");
let shopA: { db: Database; end(): Promise<void> };
let shopB: { db: Database; end(): Promise<void>; stop(): Promise<void> };

beforeAll(async () => {
  const a = connect(inject("httpDatabaseUrl"), 4);
  shopA = { db: a.db, end: () => a.pool.end() };
  const server = await startAppServerOnOwnDatabase({
    pgServerUrl: inject("pgServerUrl"),
    databaseName: "boostly_chain_b",
    extraEnv: { WORKER: "inline", FULFILMENT_TICK_SECONDS: "0.5", FULFILMENT_POLL_SECONDS: "1" },
  });
  const b = connect(server.databaseUrl, 4);
  shopB = { db: b.db, end: () => b.pool.end(), stop: server.stop };
}, 90_000);

afterAll(async () => {
  await shopB?.stop();
  await shopB?.end();
  await shopA?.end();
});

async function account(db: Database, fundsCents: number, admin = false) {
  const [user] = await db
    .insert(users)
    .values({ email: `chain-${randomUUID()}@example.test`, emailVerified: true })
    .returning();
  if (admin) await db.insert(userRoles).values({ userId: user!.id, role: "admin" });
  if (fundsCents > 0) {
    const funded = await db.transaction((tx) =>
      postLedgerEntry(tx, {
        userId: user!.id,
        type: "adjustment",
        amountCents: cents(fundsCents),
        metadata: { reason: "test funding" },
      }),
    );
    if (!funded.posted) throw new Error("funding failed");
  }
  return user!;
}

async function balanceOf(db: Database, userId: string) {
  const [row] = await db.select({ balance: users.balanceCents }).from(users).where(eq(users.id, userId));
  return row!.balance;
}

/**
 * How long a settled chain is watched for a second refund after the statuses arrived: a few of the workers' polls.
 * Deliberately short and not a wait: it looks for something that must not happen.
 */
const NOTHING_MORE_WITHIN_MS = 3_000;

async function refundsOf(db: Database, orderId: string) {
  const rows = await db
    .select({ amount: transactions.amountCents })
    .from(transactions)
    .where(and(eq(transactions.orderId, orderId), eq(transactions.type, "refund")));
  return rows.map((row) => row.amount);
}

/** Reads until `done`; what it waits for crosses both shops' workers and their rounds: SLOW_WAIT_TIMEOUT_MS. */
async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + SLOW_WAIT_TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out after ${SLOW_WAIT_TIMEOUT_MS} ms waiting for ${what}: ${JSON.stringify(value)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function serviceIdBySlug(db: Database, slug: string) {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.slug, slug));
  return row!.id;
}

/** The service's integer id in a shop's reseller API: what a provider's `services` lists and `add` takes. */
async function apiIdBySlug(db: Database, slug: string) {
  const [row] = await db.select({ apiId: services.apiId }).from(services).where(eq(services.slug, slug));
  return String(row!.apiId);
}

const likesServiceId = (db: Database) => serviceIdBySlug(db, "instagram-likes");

/**
 * On A: a reseller account for B with money and an API key. On B: A as a provider (Boostly-compatible:
 * idempotency keys), with each of `slugs` mapped to A's service of the same slug.
 */
async function connectBToA(slugs: string[], fundsCents: number) {
  const reseller = await account(shopA.db, fundsCents);
  const created = await createApiKey(shopA.db, { userId: reseller.id, name: "Shop B" });
  if (!created.ok) throw new Error(created.message);
  const adminB = await account(shopB.db, 0, true);
  const added = await addProviderFromForm(shopB.db, {
    adminId: adminB.id,
    form: { name: "Shop A", apiUrl: `${appUrlA}/api/v2`, apiKey: created.key, supportsIdempotency: "on" },
  });
  if (!added.ok) throw new Error(added.message);
  for (const slug of slugs) {
    const mapped = await mapProviderService(shopB.db, {
      adminId: adminB.id,
      providerId: added.providerId,
      providerServiceId: await apiIdBySlug(shopA.db, slug),
      serviceId: await serviceIdBySlug(shopB.db, slug),
    });
    expect(mapped.ok, mapped.ok ? "" : mapped.message).toBe(true);
  }
  return { reseller, providerId: added.providerId };
}

describe("a Boostly shop reselling another Boostly shop's API", () => {
  it("sends B's orders to A, charged to B's reseller account, and brings A's statuses and refunds back once", async () => {
    // B resells A's Instagram Likes; an admin on A will move the orders on.
    const { reseller, providerId } = await connectBToA(["instagram-likes"], 10_000);
    const adminA = await account(shopA.db, 0, true);

    // B reads A's service list as peer panels do: integer ids, which sort and compare as numbers.
    const listed = await fetchProviderServices(shopB.db, providerId);
    if (!listed.listed) throw new Error(listed.message);
    const ids = listed.services.map((service) => service.service);
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect(id).toMatch(/^[1-9]\d*$/);
    // Sorted as numbers (a UUID would be NaN, or a wrong number when it starts with digits), every id stays distinct.
    const sorted = ids.map(Number).sort((a, b) => a - b);
    expect(sorted.every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true);
    expect(new Set(sorted).size).toBe(ids.length);
    expect(listed.services.find((service) => service.name === "Instagram Likes")?.service).toBe(
      await apiIdBySlug(shopA.db, "instagram-likes"),
    );

    // B's customer orders 150 Instagram Likes three times ($0.60 each on both shops).
    const customer = await account(shopB.db, 1_000);
    const orderIds: string[] = [];
    for (const index of [1, 2, 3]) {
      const placed = await placeOrder(shopB.db, {
        userId: customer.id,
        serviceId: await likesServiceId(shopB.db),
        quantity: 150,
        targetLink: `https://www.instagram.com/p/Chain${index}/`,
        deliverySpeed: "normal",
      });
      if (!placed.ok) throw new Error(placed.message);
      orderIds.push(placed.order.id);
    }
    expect(await balanceOf(shopB.db, customer.id)).toBe(1_000 - 180);

    // B's worker submits them to A: each appears on A as the reseller's order, charged to the reseller.
    const submitted = await waitFor(
      "B to submit its orders to A",
      () => shopB.db.select().from(fulfilments).where(inArray(fulfilments.orderId, orderIds)),
      (rows) => rows.length === 3 && rows.every((row) => row.state === "submitted"),
    );
    const upstreamOf = new Map(submitted.map((row) => [row.orderId, `ORD-${row.providerOrderId}`]));
    const ordersOnA = await shopA.db
      .select()
      .from(orders)
      .where(inArray(orders.orderNumber, [...upstreamOf.values()]));
    expect(ordersOnA).toHaveLength(3);
    for (const order of ordersOnA) {
      expect(order).toMatchObject({ userId: reseller.id, quantity: 150, totalCents: 60, status: "pending" });
    }
    expect(await balanceOf(shopA.db, reseller.id)).toBe(10_000 - 180);

    // A's admin completes the first, delivers the second partially (37 left), cancels the third.
    const onA = (orderId: string) =>
      ordersOnA.find((order) => order.orderNumber === upstreamOf.get(orderId))!;
    const changes = [
      { orderId: onA(orderIds[0]!).id, status: "completed" },
      { orderId: onA(orderIds[1]!).id, status: "partial", remains: "37" },
      { orderId: onA(orderIds[2]!).id, status: "cancelled" },
    ];
    for (const change of changes) {
      const answer = await changeOrderStatusFromForm(shopA.db, {
        adminId: adminA.id,
        form: { intent: "set-status", ...change },
      });
      expect(answer.ok, answer.notice.message).toBe(true);
    }

    const settled = await waitFor(
      "A's statuses to reach B",
      () => shopB.db.select().from(orders).where(inArray(orders.id, orderIds)),
      (rows) => rows.every((row) => ["completed", "partial", "cancelled"].includes(row.status)),
    );
    const statusOf = (id: string) => settled.find((row) => row.id === id);
    expect(statusOf(orderIds[0]!)).toMatchObject({ status: "completed" });
    expect(statusOf(orderIds[1]!)).toMatchObject({ status: "partial", remains: 37 });
    expect(statusOf(orderIds[2]!)).toMatchObject({ status: "cancelled" });

    // A few more polls change nothing: each refund happened once, on both shops.
    await new Promise((resolve) => setTimeout(resolve, NOTHING_MORE_WITHIN_MS));
    expect(await refundsOf(shopB.db, orderIds[0]!)).toEqual([]);
    expect(await refundsOf(shopB.db, orderIds[1]!)).toEqual([14]);
    expect(await refundsOf(shopB.db, orderIds[2]!)).toEqual([60]);
    expect(await balanceOf(shopB.db, customer.id)).toBe(1_000 - 180 + 14 + 60);
    expect(await balanceOf(shopA.db, reseller.id)).toBe(10_000 - 180 + 14 + 60);
  }, 120_000);

  it("delivers a big likes pack with every add-on as four tracked parts; a Partial part refunds exactly its share, once", async () => {
    const slugs = ["instagram-likes", "instagram-views", "instagram-real-comments"];
    const { reseller } = await connectBToA(slugs, 20_000);
    const adminA = await account(shopA.db, 0, true);
    const customer = await account(shopB.db, 10_000);
    const packOrder = (link: string) =>
      placePackOrder(shopB.db, {
        userId: customer.id,
        packCode: "big",
        targetLink: link,
        deliverySpeed: "normal",
        extraLikes: true,
        extraViews: true,
        comments: 20,
      });
    const delivered = await packOrder("https://www.instagram.com/p/ChainPack1/");
    const shortOfViews = await packOrder("https://www.instagram.com/p/ChainPack2/");
    if (!delivered.ok || !shortOfViews.ok) throw new Error("the packs were not placed");
    // $12.95 + $2.00 + $7.50 + $10.00 each.
    expect(await balanceOf(shopB.db, customer.id)).toBe(10_000 - 2 * 3_245);

    // B's worker sends each pack to A as its four parts: four orders on A, charged to B's reseller account. The likes
    // and the extra likes are one service on one post on A, which takes the second once it has ended the first
    // (product rules 4.27): B's part waits for it rather than failing.
    const packIds = [delivered.order.id, shortOfViews.order.id];
    const packParts = () => shopB.db.select().from(fulfilments).where(inArray(fulfilments.orderId, packIds));
    const firstParts = await waitFor(
      "B to submit the packs' first six parts to A",
      packParts,
      (rows) => rows.length === 8 && rows.filter((row) => row.state === "submitted").length === 6,
    );
    for (const first of firstParts.filter((row) => row.state === "submitted" && row.part.endsWith("likes"))) {
      const [likesOnA] = await shopA.db
        .select()
        .from(orders)
        .where(eq(orders.orderNumber, `ORD-${first.providerOrderId}`));
      const answer = await changeOrderStatusFromForm(shopA.db, {
        adminId: adminA.id,
        form: { intent: "set-status", orderId: likesOnA!.id, status: "completed" },
      });
      expect(answer.ok, answer.notice.message).toBe(true);
    }
    await shopB.db
      .update(fulfilments)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(and(inArray(fulfilments.orderId, packIds), eq(fulfilments.state, "queued")));
    const parts = await waitFor("B to submit the packs' other likes to A", packParts, (rows) =>
      rows.every((row) => row.providerOrderId !== null),
    );
    const onA = await shopA.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.orderNumber,
          parts.map((part) => `ORD-${part.providerOrderId}`),
        ),
      );
    expect(onA).toHaveLength(8);
    const upstreamOf = (orderId: string, part: string) => {
      const row = parts.find((candidate) => candidate.orderId === orderId && candidate.part === part)!;
      return onA.find((order) => order.orderNumber === `ORD-${row.providerOrderId}`)!;
    };
    for (const orderId of packIds) {
      expect(
        ["likes", "extra_likes", "views", "comments"].map((part) => {
          const order = upstreamOf(orderId, part);
          return [order.quantity, order.totalCents, order.userId];
        }),
      ).toEqual([
        [1_000, 400, reseller.id],
        [500, 200, reseller.id],
        [5_000, 750, reseller.id],
        [20, 1_000, reseller.id],
      ]);
    }

    // A's admin completes every part, but the second pack's views stop with 2,000 of 5,000 undelivered.
    for (const orderId of packIds) {
      for (const part of ["likes", "extra_likes", "views", "comments"]) {
        const short = orderId === shortOfViews.order.id && part === "views";
        // The first likes part of each pack was completed above, to let the second through.
        if (upstreamOf(orderId, part).status === "completed") continue;
        const answer = await changeOrderStatusFromForm(shopA.db, {
          adminId: adminA.id,
          form: {
            intent: "set-status",
            orderId: upstreamOf(orderId, part).id,
            status: short ? "partial" : "completed",
            ...(short ? { remains: "2000" } : {}),
          },
        });
        expect(answer.ok, answer.notice.message).toBe(true);
      }
    }
    const settled = await waitFor(
      "A's statuses to end both packs on B",
      () => shopB.db.select().from(orders).where(inArray(orders.id, packIds)),
      (rows) => rows.every((row) => row.status === "completed" || row.status === "partial"),
    );
    expect(settled.find((row) => row.id === delivered.order.id)).toMatchObject({ status: "completed" });
    expect(settled.find((row) => row.id === shortOfViews.order.id)).toMatchObject({ status: "partial" });

    // More polls change nothing: $7.50 x 2,000 / 5,000 = $3.00 back, once, on both shops.
    await new Promise((resolve) => setTimeout(resolve, NOTHING_MORE_WITHIN_MS));
    expect(await refundsOf(shopB.db, delivered.order.id)).toEqual([]);
    expect(await refundsOf(shopB.db, shortOfViews.order.id)).toEqual([300]);
    expect(await balanceOf(shopB.db, customer.id)).toBe(10_000 - 2 * 3_245 + 300);
    const viewsOnA = upstreamOf(shortOfViews.order.id, "views");
    expect(await refundsOf(shopA.db, viewsOnA.id)).toEqual([300]);
    expect(await balanceOf(shopA.db, reseller.id)).toBe(20_000 - 2 * 2_350 + 300);
    const endedParts = await shopB.db.select().from(fulfilments).where(inArray(fulfilments.orderId, packIds));
    expect(endedParts.every((part) => part.state === "done")).toBe(true);
    expect(endedParts.filter((part) => part.outcome === "partial").map((part) => part.part)).toEqual([
      "views",
    ]);
  }, 120_000);

  it("sends an auto order placed on B to A as a subscription, and brings A's served posts and status back", async () => {
    const { reseller, providerId } = await connectBToA(["instagram-auto-likes"], 10_000);
    const adminA = await account(shopA.db, 0, true);
    // A lists its auto services as the panels' Subscriptions, so B sends an auto order whole, as one subscription.
    const listed = await fetchProviderServices(shopB.db, providerId);
    if (!listed.listed) throw new Error(listed.message);
    const autoLikesOnA = await apiIdBySlug(shopA.db, "instagram-auto-likes");
    expect(listed.services.find((service) => service.service === autoLikesOnA)).toMatchObject({
      type: "Subscriptions",
      min: 100,
      max: 100_000,
    });

    // B's customer sets up 150 likes on each of their next 5 posts: $0.60 a post, $3.00 on both shops.
    const customer = await account(shopB.db, 1_000);
    const placed = await placeAutoOrder(shopB.db, {
      userId: customer.id,
      serviceId: await serviceIdBySlug(shopB.db, "instagram-auto-likes"),
      username: "@chain_subscriber",
      perPost: 150,
      posts: 5,
      // Its terms travel with it: 15 minutes' wait per new post, and its last day.
      delayMinutes: 15,
      expiresOn: "2099-12-31",
      deliverySpeed: "normal",
    });
    if (!placed.ok) throw new Error(placed.message);
    const autoOrderId = placed.autoOrder.id;
    expect(await balanceOf(shopB.db, customer.id)).toBe(1_000 - 300);

    const [submitted] = await waitFor(
      "B to submit the auto order to A",
      () => shopB.db.select().from(fulfilments).where(eq(fulfilments.autoOrderId, autoOrderId)),
      (rows) => rows.length === 1 && rows[0]!.state === "submitted",
    );
    expect(submitted!.postNumber).toBe(0);
    const [onA] = await shopA.db
      .select()
      .from(autoOrders)
      .where(eq(autoOrders.apiId, Number(submitted!.providerOrderId)));
    expect(onA).toMatchObject({
      userId: reseller.id,
      targetUsername: "chain_subscriber",
      likesPerPost: 150,
      totalPosts: 5,
      remainingPosts: 5,
      costPerPostCents: 60,
      delayMinutes: 15,
      expiresOn: "2099-12-31",
      status: "active",
    });
    expect(await balanceOf(shopA.db, reseller.id)).toBe(10_000 - 300);

    // A serves two posts: B reads `posts` from A's status and counts them.
    const admin = { kind: "admin" as const, adminId: adminA.id };
    expect((await setRemainingPosts(shopA.db, admin, onA!.id, 3)).ok).toBe(true);
    const counted = await waitFor(
      "A's served posts to reach B",
      () => shopB.db.select().from(autoOrders).where(eq(autoOrders.id, autoOrderId)),
      (rows) => rows[0]?.remainingPosts === 3,
    );
    expect(counted[0]).toMatchObject({ status: "active", remainingPosts: 3 });

    // A serves the rest: A answers Completed, and the auto order completes on B, its submission done.
    expect((await setRemainingPosts(shopA.db, admin, onA!.id, 0)).ok).toBe(true);
    const completed = await waitFor(
      "A's Completed to reach B",
      () => shopB.db.select().from(autoOrders).where(eq(autoOrders.id, autoOrderId)),
      (rows) => rows[0]?.status === "completed",
    );
    expect(completed[0]).toMatchObject({ remainingPosts: 0 });
    await new Promise((resolve) => setTimeout(resolve, NOTHING_MORE_WITHIN_MS));
    const [ended] = await shopB.db.select().from(fulfilments).where(eq(fulfilments.autoOrderId, autoOrderId));
    expect(ended).toMatchObject({ state: "done", upstreamStatus: "Completed" });
    expect(await balanceOf(shopB.db, customer.id)).toBe(1_000 - 300);
    expect(await balanceOf(shopA.db, reseller.id)).toBe(10_000 - 300);
  }, 120_000);

  it("sends a drip-feed order run by run and a custom comments order with its comments; a refill on B reaches A and comes back", async () => {
    // One service of each kind on both shops, with one slug, mapped B -> A: a drip-feed Default service and a
    // Custom Comments one (on a platform no other test orders, so these flags touch no one).
    const slug = `chain-${randomUUID().slice(0, 8)}`;
    const kinds = [
      { slug: `${slug}-drip`, orderType: "default" as const, dripfeed: true, name: "Drip" },
      { slug: `${slug}-comments`, orderType: "custom_comments" as const, dripfeed: false, name: "Comments" },
    ];
    for (const db of [shopA.db, shopB.db]) {
      for (const kind of kinds) {
        await db.insert(services).values({
          slug: kind.slug,
          name: `Twitter Chain ${kind.name} ${slug}`,
          platform: "twitter",
          serviceType: "one_time",
          pricePer1000: "2.0000",
          minQuantity: 1,
          maxQuantity: 1000,
          orderType: kind.orderType,
          dripfeed: kind.dripfeed,
          refillDays: 30,
        });
      }
    }
    const { reseller } = await connectBToA(
      kinds.map((kind) => kind.slug),
      10_000,
    );
    const adminA = await account(shopA.db, 0, true);
    const customer = await account(shopB.db, 1_000);

    // Drip-feed on B: 3 runs of 100, one every 10 minutes, charged once for 300 ($0.60).
    const drip = await placeOrder(shopB.db, {
      userId: customer.id,
      serviceId: await serviceIdBySlug(shopB.db, kinds[0]!.slug),
      quantity: 100,
      targetLink: "https://twitter.com/boostly/status/777",
      deliverySpeed: "normal",
      dripFeed: { runs: 3, intervalMinutes: 10 },
    });
    if (!drip.ok) throw new Error(drip.message);
    // Custom comments on B: 4 comments, the quantity is their count.
    const comments = ["First!", "Love this", "Great shot", "So true"];
    const commented = await placeOrder(shopB.db, {
      userId: customer.id,
      serviceId: await serviceIdBySlug(shopB.db, kinds[1]!.slug),
      quantity: comments.length,
      targetLink: "https://twitter.com/boostly/status/778",
      deliverySpeed: "normal",
      comments,
    });
    if (!commented.ok) throw new Error(commented.message);
    expect(await balanceOf(shopB.db, customer.id)).toBe(1_000 - 60 - 1);

    // The comments order and the first run arrive at once. A later run is sent when it comes due (made due here
    // rather than waited for: 10 and 20 minutes) and once A has ended the run before it: A refuses a second order
    // on a link whose order has not ended (product rules 4.27), and B's run waits for it instead of failing.
    const firstSent = await waitFor(
      "B to send the comments order and the first run to A",
      () =>
        shopB.db
          .select()
          .from(fulfilments)
          .where(inArray(fulfilments.orderId, [drip.order.id, commented.order.id])),
      (rows) => rows.filter((row) => row.state === "submitted").length === 2,
    );
    expect(firstSent).toHaveLength(4);
    const runsOnA: (typeof orders.$inferSelect)[] = [];
    for (let run = 1; run <= 3; run++) {
      await shopB.db
        .update(fulfilments)
        .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
        .where(and(eq(fulfilments.orderId, drip.order.id), eq(fulfilments.state, "queued")));
      const runs = await waitFor(
        `B to send run ${run} to A`,
        () => shopB.db.select().from(fulfilments).where(eq(fulfilments.orderId, drip.order.id)),
        (rows) => rows.filter((row) => row.providerOrderId !== null).length === run,
      );
      const numbers = runs.flatMap((row) => (row.providerOrderId ? [`ORD-${row.providerOrderId}`] : []));
      const [latest] = await shopA.db
        .select()
        .from(orders)
        .where(and(inArray(orders.orderNumber, numbers), ne(orders.status, "completed")));
      runsOnA.push(latest!);
      const ended = await changeOrderStatusFromForm(shopA.db, {
        adminId: adminA.id,
        form: { intent: "set-status", orderId: latest!.id, status: "completed" },
      });
      expect(ended.ok, ended.notice.message).toBe(true);
    }
    const [sentComments] = await shopB.db
      .select()
      .from(fulfilments)
      .where(eq(fulfilments.orderId, commented.order.id));
    const [commentsOnA] = await shopA.db
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, `ORD-${sentComments!.providerOrderId}`));
    // Each run reaches A as an order of one run's quantity; the comments order with its comments, one per line.
    expect(runsOnA.map((order) => order.quantity)).toEqual([100, 100, 100]);
    expect(runsOnA.every((order) => order.userId === reseller.id)).toBe(true);
    expect(commentsOnA).toMatchObject({ quantity: 4, comments: comments.join("\n"), userId: reseller.id });

    // A completes the comments order; B follows. B's customer asks a refill, which B forwards to A's refill.
    const completed = await changeOrderStatusFromForm(shopA.db, {
      adminId: adminA.id,
      form: { intent: "set-status", orderId: commentsOnA!.id, status: "completed" },
    });
    expect(completed.ok, completed.notice.message).toBe(true);
    await waitFor(
      "A's completion to reach B",
      () => shopB.db.select().from(orders).where(eq(orders.id, commented.order.id)),
      ([row]) => row?.status === "completed",
    );
    const asked = await requestRefill(shopB.db, { userId: customer.id, orderId: commented.order.id });
    if (!asked.ok) throw new Error(`refill refused: ${asked.message}`);
    expect(asked.refill.delivery).toBe("provider");
    const [refillOnA] = await waitFor(
      "B's refill to reach A",
      () => shopA.db.select().from(refills).where(eq(refills.orderId, commentsOnA!.id)),
      (rows) => rows.length === 1,
    );
    // A delivered it by hand, so its admin does the refill; B reads the status back from A.
    const decided = await decideManualRefill(shopA.db, {
      adminId: adminA.id,
      refillId: refillOnA!.id,
      decision: "completed",
    });
    expect(decided.ok).toBe(true);
    await waitFor(
      "A's refill status to reach B",
      () => shopB.db.select().from(refills).where(eq(refills.orderId, commented.order.id)),
      ([row]) => row?.status === "completed",
    );
  }, 120_000);
});
