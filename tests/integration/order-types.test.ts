import "../support/worker-database.ts";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  fulfilments,
  likesPacks,
  orders,
  services,
  simulatedProviderOrders,
  transactions,
} from "../../app/db/schema.ts";
import { ensureSimulatedProvider } from "../../app/domain/fulfilment/ensure-simulated-provider.server.ts";
import { runFulfilmentRound } from "../../app/domain/order-lifecycle/run-fulfilment-round.server.ts";
import { cancelOrder } from "../../app/domain/orders/cancel-order.server.ts";
import { readAdminOrdersPage } from "../../app/domain/orders/list-orders-for-admin.server.ts";
import { commentLines, ORDER_TYPE_TEXT } from "../../app/domain/orders/order-types.ts";
import { placeOrder, type SimpleOrderInput } from "../../app/domain/orders/place-order.server.ts";
import { placePackageOrder } from "../../app/domain/orders/place-pack-order.server.ts";
import { noticeOf } from "../../app/domain/refusal.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, serviceBySlug } from "../support/factories.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { addPanelProvider } from "../support/panel-provider.ts";
import { steerablePanel } from "../support/steerable-panel.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Order types (docs/decisions/021): drip-feed runs as parts of one charged order, custom comments, packages.

const ROUND = { leaseSeconds: 60, pollSeconds: 30 };
const KEY = "order-types-panel-key";
const LINK = "https://www.instagram.com/p/DripFeed1/";

const panel = steerablePanel({
  key: KEY,
  services: [
    { service: 11, name: "instagram-likes", min: 10, max: 100_000 },
    { service: 13, name: "instagram-real-comments", min: 1, max: 500 },
  ],
});
let panelServer: FakePanel & { port: number };

beforeAll(async () => {
  panelServer = await startFakePanel((form) => panel.answer(form));
});
afterAll(() => panelServer.close());

beforeEach(async () => {
  await resetDatabase();
  panel.reset();
});

afterEach(async () => {
  expect(await findLedgerMismatches(db())).toEqual([]);
});

/** The steerable panel as the provider of Instagram Likes (11) and Instagram Real Comments (13). */
async function panelProvider() {
  await addPanelProvider({
    name: "Types Panel",
    apiUrl: panelServer.url,
    apiKey: KEY,
    services: { "instagram-likes": "11", "instagram-real-comments": "13" },
  });
}

async function allowDripFeed(slug: string) {
  await db().update(services).set({ dripfeed: true }).where(eq(services.slug, slug));
}

async function dripFeedOrder(
  userId: string,
  extra: Partial<SimpleOrderInput> = {},
  dripFeed = { runs: 3, intervalMinutes: 10 },
) {
  return placeOrder(db(), {
    userId,
    serviceId: (await serviceBySlug("instagram-likes")).id,
    quantity: 150,
    targetLink: LINK,
    deliverySpeed: "normal",
    dripFeed,
    ...extra,
  });
}

/** The runs of an order, in order, with their due time as seconds after the order. */
async function runsOf(orderId: string) {
  const rows = await db()
    .select({
      id: fulfilments.id,
      part: fulfilments.part,
      quantity: fulfilments.quantity,
      chargeCents: fulfilments.chargeCents,
      state: fulfilments.state,
      outcome: fulfilments.outcome,
      providerOrderId: fulfilments.providerOrderId,
      dueAfter: sql<number>`extract(epoch from ${fulfilments.nextAttemptAt} - ${orders.createdAt})::integer`,
    })
    .from(fulfilments)
    .innerJoin(orders, eq(orders.id, fulfilments.orderId))
    .where(eq(fulfilments.orderId, orderId))
    .orderBy(asc(fulfilments.part));
  return rows;
}

/** Makes one run due now (its interval has passed) without waiting for it. */
async function makeRunDue(orderId: string, part: string) {
  await db()
    .update(fulfilments)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(and(eq(fulfilments.orderId, orderId), eq(fulfilments.part, part)));
}

async function orderRow(orderId: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function ledgerOf(orderId: string) {
  return db()
    .select({ type: transactions.type, amount: transactions.amountCents })
    .from(transactions)
    .where(eq(transactions.orderId, orderId))
    .orderBy(asc(transactions.createdAt));
}

describe("a drip-feed order", () => {
  it("is charged once for runs x quantity and queued as one run per interval", async () => {
    await panelProvider();
    await allowDripFeed("instagram-likes");
    const customer = await createUser({ fundsCents: 1_000 });
    const placed = await dripFeedOrder(customer.id);
    if (!placed.ok) throw new Error(placed.message);

    // 3 x 150 = 450 Instagram Likes at $4.00/1000: $1.80, one purchase row.
    expect(placed.order.totalCents).toBe(180);
    expect(await balanceOf(customer.id)).toBe(820);
    expect(await ledgerOf(placed.order.id)).toEqual([{ type: "purchase", amount: -180 }]);
    expect(await orderRow(placed.order.id)).toMatchObject({
      quantity: 450,
      runs: 3,
      intervalMinutes: 10,
      delivery: "provider",
      status: "pending",
    });
    expect(
      (await runsOf(placed.order.id)).map(({ part, quantity, chargeCents, dueAfter }) => ({
        part,
        quantity,
        chargeCents,
        dueAfter,
      })),
    ).toEqual([
      { part: "run-1", quantity: 150, chargeCents: 60, dueAfter: 0 },
      { part: "run-2", quantity: 150, chargeCents: 60, dueAfter: 600 },
      { part: "run-3", quantity: 150, chargeCents: 60, dueAfter: 1_200 },
    ]);
  });

  it("is delivered run by run through the simulated provider and ends completed", async () => {
    await ensureSimulatedProvider(db());
    await allowDripFeed("instagram-likes");
    const customer = await createUser({ fundsCents: 1_000 });
    const placed = await dripFeedOrder(customer.id);
    if (!placed.ok) throw new Error(placed.message);
    const orderId = placed.order.id;

    // Each run is sent when it is due, not before; the simulated provider's order is then steered to its end.
    for (const [index, part] of ["run-1", "run-2", "run-3"].entries()) {
      await makeRunDue(orderId, part);
      await runFulfilmentRound(db(), ROUND);
      const runs = await runsOf(orderId);
      expect(runs.map((run) => run.state)).toEqual(
        runs.map((_, other) => (other < index ? "done" : other === index ? "submitted" : "queued")),
      );
      const upstream = await db().select().from(simulatedProviderOrders);
      expect(upstream).toHaveLength(index + 1);
      const run = runs[index]!;
      await db()
        .update(simulatedProviderOrders)
        .set({ outcome: "completed", undelivered: 0, createdAt: sql`now() - interval '1 hour'` })
        .where(eq(simulatedProviderOrders.id, Number(run.providerOrderId)));
      expect(await orderRow(orderId)).toMatchObject({ status: expect.not.stringMatching(/completed/) });
      await makeRunDue(orderId, part);
      await runFulfilmentRound(db(), ROUND);
      expect((await runsOf(orderId))[index]).toMatchObject({ state: "done", outcome: "completed" });
    }
    expect(await orderRow(orderId)).toMatchObject({ status: "completed" });
    const upstream = await db().select().from(simulatedProviderOrders);
    expect(upstream.map((row) => [row.quantity, row.link])).toEqual([
      [150, LINK],
      [150, LINK],
      [150, LINK],
    ]);
    expect(await ledgerOf(orderId)).toEqual([{ type: "purchase", amount: -180 }]);
  });

  it("cancelled after run 1 refunds exactly runs 2 and 3", async () => {
    await panelProvider();
    await allowDripFeed("instagram-likes");
    const customer = await createUser({ fundsCents: 1_000 });
    // $4.00/1000 x 3 x 101 = 303 likes: $1.212, charged $1.21; runs of 40, 40 and 41 cents.
    const placed = await dripFeedOrder(customer.id, { quantity: 101 });
    if (!placed.ok) throw new Error(placed.message);
    const orderId = placed.order.id;
    expect((await runsOf(orderId)).map((run) => run.chargeCents)).toEqual([40, 40, 41]);

    await runFulfilmentRound(db(), ROUND);
    const [first] = await runsOf(orderId);
    expect(first).toMatchObject({ part: "run-1", state: "submitted" });
    expect(panel.adds).toBe(1);
    expect(panel.order(first!.providerOrderId).form).toMatchObject({ quantity: "101", link: LINK });
    Object.assign(panel.order(first!.providerOrderId), { status: "Completed", remains: 0 });
    await makeRunDue(orderId, "run-1");
    await runFulfilmentRound(db(), ROUND);
    // Run 1 delivered, runs 2 and 3 to come: under way (product rules 4.21).
    expect(await orderRow(orderId)).toMatchObject({ status: "in_progress" });

    const cancelled = await cancelOrder(db(), { orderId, by: { customerId: customer.id } });
    expect(cancelled).toEqual({ ok: true, outcome: "cancelled", refundCents: 81 });
    expect(await orderRow(orderId)).toMatchObject({ status: "partial", remains: 202 });
    expect(await ledgerOf(orderId)).toEqual([
      { type: "purchase", amount: -121 },
      { type: "refund", amount: 81 },
    ]);
    expect(await balanceOf(customer.id)).toBe(1_000 - 121 + 81);
    // Runs 2 and 3 never reach the provider, however late the worker comes.
    await makeRunDue(orderId, "run-2");
    await makeRunDue(orderId, "run-3");
    await runFulfilmentRound(db(), ROUND);
    expect(panel.adds).toBe(1);
    expect((await runsOf(orderId)).map((run) => run.outcome)).toEqual([
      "completed",
      "cancelled",
      "cancelled",
    ]);
  });

  it("with one idempotency key placed twice at once is one order, charged once", async () => {
    await panelProvider();
    await allowDripFeed("instagram-likes");
    const customer = await createUser({ fundsCents: 1_000 });
    const [first, second] = await Promise.all([
      dripFeedOrder(customer.id, { idempotencyKey: "drip-twice" }),
      dripFeedOrder(customer.id, { idempotencyKey: "drip-twice" }),
    ]);
    if (!first?.ok || !second?.ok) throw new Error("an order was refused");
    expect(first.order.id).toBe(second.order.id);
    expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
    expect(await balanceOf(customer.id)).toBe(820);
    expect(await db().select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(1);
    expect(await runsOf(first.order.id)).toHaveLength(3);
  });

  it("is refused on a service that does not allow it, and with runs or an interval out of range", async () => {
    await panelProvider();
    const customer = await createUser({ fundsCents: 1_000 });
    const notAllowed = await dripFeedOrder(customer.id);
    expect(notAllowed).toMatchObject({ ok: false, kind: "invalid", field: "runs" });
    expect(!notAllowed.ok && noticeOf(notAllowed)).toEqual(ORDER_TYPE_TEXT.dripFeedNotAvailable);

    await allowDripFeed("instagram-likes");
    expect(await dripFeedOrder(customer.id, {}, { runs: 101, intervalMinutes: 10 })).toMatchObject({
      ok: false,
      field: "runs",
    });
    expect(await dripFeedOrder(customer.id, {}, { runs: 3, intervalMinutes: 0 })).toMatchObject({
      ok: false,
      field: "interval",
    });
    // Each run within the service's limits (Instagram Likes: 10 to 50,000); the total is not capped by them.
    expect(await dripFeedOrder(customer.id, { quantity: 5 })).toMatchObject({ ok: false, field: "quantity" });
    expect(await balanceOf(customer.id)).toBe(1_000);
  });

  it("unmapped, stays a manual order that shows its runs and interval to the admin", async () => {
    await allowDripFeed("instagram-likes");
    const customer = await createUser({ fundsCents: 1_000 });
    const placed = await dripFeedOrder(customer.id, {}, { runs: 4, intervalMinutes: 30 });
    if (!placed.ok) throw new Error(placed.message);
    expect(await orderRow(placed.order.id)).toMatchObject({ delivery: "manual", quantity: 600, runs: 4 });
    expect(await db().select().from(fulfilments)).toEqual([]);
    const page = await readAdminOrdersPage(db());
    expect(page.orders[0]).toMatchObject({ quantity: 600, runs: 4, intervalMinutes: 30, totalCents: 240 });
  });
});

describe("a custom comments order", () => {
  it("has one unit per comment line and sends the comments to the provider", async () => {
    await panelProvider();
    await db()
      .update(services)
      .set({ orderType: "custom_comments" })
      .where(eq(services.slug, "instagram-real-comments"));
    const customer = await createUser({ fundsCents: 1_000 });
    // Ten comments as typed, one per line: blank lines and surrounding spaces dropped.
    const typed = Array.from({ length: 10 }, (_, line) => `  Comment ${line + 1} 😍 `).join("\r\n\n");
    const comments = commentLines(typed);
    expect(comments).toHaveLength(10);
    const sent = comments.join("\n");
    const placed = await placeOrder(db(), {
      userId: customer.id,
      serviceId: (await serviceBySlug("instagram-real-comments")).id,
      quantity: comments.length,
      targetLink: LINK,
      deliverySpeed: "normal",
      comments,
    });
    if (!placed.ok) throw new Error(placed.message);
    // 10 comments at $500/1000: $5.00.
    expect(placed.order.totalCents).toBe(500);
    expect(await orderRow(placed.order.id)).toMatchObject({
      quantity: 10,
      comments: sent,
      delivery: "provider",
    });

    await runFulfilmentRound(db(), ROUND);
    const [part] = await db().select().from(fulfilments).where(eq(fulfilments.orderId, placed.order.id));
    expect(panel.order(part!.providerOrderId).form).toMatchObject({
      action: "add",
      service: "13",
      quantity: "10",
      link: LINK,
      comments: sent,
    });
    expect(sent.split("\n")[0]).toBe("Comment 1 😍");
  });

  it("is refused without comments, or with a quantity that is not their count; a Default service takes none", async () => {
    await db()
      .update(services)
      .set({ orderType: "custom_comments" })
      .where(eq(services.slug, "instagram-real-comments"));
    const customer = await createUser({ fundsCents: 1_000 });
    const order = async (slug: string, extra: Partial<SimpleOrderInput>) =>
      placeOrder(db(), {
        userId: customer.id,
        serviceId: (await serviceBySlug(slug)).id,
        quantity: 12,
        targetLink: LINK,
        deliverySpeed: "normal",
        ...extra,
      });
    expect(await order("instagram-real-comments", {})).toMatchObject({ ok: false, field: "comments" });
    expect(
      await order("instagram-real-comments", {
        comments: Array.from({ length: 11 }, (_, n) => `Comment ${n}`),
      }),
    ).toMatchObject({
      ok: false,
      field: "quantity",
    });
    expect(await order("instagram-likes", { quantity: 100, comments: ["one"] })).toMatchObject({
      ok: false,
      field: "comments",
    });
    expect(await balanceOf(customer.id)).toBe(1_000);
  });
});

describe("a package", () => {
  it("is a likes pack ordered by its id with a link only", async () => {
    const customer = await createUser({ fundsCents: 5_000 });
    const [big] = await db().select().from(likesPacks).where(eq(likesPacks.code, "big"));
    const placed = await placePackageOrder(db(), {
      userId: customer.id,
      packId: big!.id,
      targetLink: LINK,
    });
    if (!placed.ok) throw new Error(placed.message);
    expect(placed.order.totalCents).toBe(1_295);
    expect(await orderRow(placed.order.id)).toMatchObject({ likesPackId: big!.id, quantity: 1_000 });
    expect(
      await placePackageOrder(db(), { userId: customer.id, packId: "not-a-pack", targetLink: LINK }),
    ).toMatchObject({ ok: false, kind: "invalid" });
  });
});
