import "../support/worker-database.ts";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { fulfilments, orders, transactions } from "../../app/db/schema.ts";
import { runFulfilmentRound } from "../../app/domain/order-lifecycle/run-fulfilment-round.server.ts";
import { cancelOrder } from "../../app/domain/orders/cancel-order.server.ts";
import { PACE_TEXT } from "../../app/domain/orders/delivery-pace.ts";
import { listCustomerOrders } from "../../app/domain/orders/list-customer-orders.server.ts";
import { placeManualOrder } from "../../app/domain/orders/place-manual-order.server.ts";
import { placeOrder, type SimpleOrderInput } from "../../app/domain/orders/place-order.server.ts";
import { noticeOf } from "../../app/domain/refusal.ts";
import { readApiOrderStatuses } from "../../app/domain/reseller/api-orders.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, serviceBySlug } from "../support/factories.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { addPanelProvider } from "../support/panel-provider.ts";
import { steerablePanel } from "../support/steerable-panel.ts";
import { resetDatabase } from "../support/worker-database.ts";

// A delivery speed paces the order (product rules 4.20, 4.21; docs/decisions/047): Slow and Normal as runs the shop
// sends itself over the speed's days, Fast at once; the runs' charges add up to the one charge exactly.

const ROUND = { leaseSeconds: 60, pollSeconds: 30 };
const KEY = "delivery-pace-panel-key";
let posts = 0;
/** A post of its own for each order: a second order on a link with an active one is refused (product rules 4.27). */
function nextLink(): string {
  posts += 1;
  return `https://www.instagram.com/p/PacedPost${posts}/`;
}

const panel = steerablePanel({
  key: KEY,
  services: [{ service: 11, name: "instagram-likes", min: 10, max: 100_000 }],
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

/** The steerable panel as the provider of Instagram Likes ($4.00 per 1000, 100 to 100,000 in the shop). */
async function panelProvider() {
  await addPanelProvider({
    name: "Pace Panel",
    apiUrl: panelServer.url,
    apiKey: KEY,
    services: { "instagram-likes": "11" },
  });
}

async function likesOrder(userId: string, extra: Partial<SimpleOrderInput> = {}) {
  return placeOrder(db(), {
    userId,
    serviceId: (await serviceBySlug("instagram-likes")).id,
    quantity: 1_000,
    targetLink: nextLink(),
    deliverySpeed: "normal",
    paceBySpeed: true,
    ...extra,
  });
}

async function runsOf(orderId: string) {
  return db()
    .select({
      part: fulfilments.part,
      quantity: fulfilments.quantity,
      chargeCents: fulfilments.chargeCents,
      state: fulfilments.state,
      providerOrderId: fulfilments.providerOrderId,
      dueAfter: sql<number>`extract(epoch from ${fulfilments.nextAttemptAt} - ${orders.createdAt})::integer`,
    })
    .from(fulfilments)
    .innerJoin(orders, eq(orders.id, fulfilments.orderId))
    .where(eq(fulfilments.orderId, orderId))
    .orderBy(asc(fulfilments.createdAt), sql`length(${fulfilments.part})`, asc(fulfilments.part));
}

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

const HOUR = 3_600;

describe("a Normal or Slow order from the order page", () => {
  it("Normal spreads 1,000 likes over 2 days: 9 runs 6 hours apart whose units and charges add up exactly", async () => {
    await panelProvider();
    const customer = await createUser({ fundsCents: 1_000 });
    const placed = await likesOrder(customer.id);
    if (!placed.ok) throw new Error(placed.message);

    // The price is unchanged: 1,000 likes at $4.00/1000, one purchase row.
    expect(placed.order.totalCents).toBe(400);
    expect(await ledgerOf(placed.order.id)).toEqual([{ type: "purchase", amount: -400 }]);
    expect(await orderRow(placed.order.id)).toMatchObject({
      quantity: 1_000,
      runs: 9,
      intervalMinutes: 360,
      paced: true,
      deliverySpeed: "normal",
      delivery: "provider",
    });
    const runs = await runsOf(placed.order.id);
    // ceil(1000 k / 9) differences: the first run takes the remainder unit.
    expect(runs.map((run) => run.quantity)).toEqual([112, 111, 111, 111, 111, 111, 111, 111, 111]);
    // floor(400 x units so far / 1000) differences.
    expect(runs.map((run) => run.chargeCents)).toEqual([44, 45, 44, 45, 44, 44, 45, 44, 45]);
    expect(runs.reduce((sum, run) => sum + (run.chargeCents ?? 0), 0)).toBe(400);
    expect(runs.map((run) => run.dueAfter)).toEqual([0, 6, 12, 18, 24, 30, 36, 42, 48].map((h) => h * HOUR));
  });

  it("Slow spreads the same 1,000 over 5 days in 10 runs of 100; Fast sends it at once", async () => {
    await panelProvider();
    const customer = await createUser({ fundsCents: 1_000 });
    const slow = await likesOrder(customer.id, { deliverySpeed: "slow" });
    if (!slow.ok) throw new Error(slow.message);
    expect(await orderRow(slow.order.id)).toMatchObject({ runs: 10, intervalMinutes: 800, paced: true });
    const slowRuns = await runsOf(slow.order.id);
    expect(slowRuns.map((run) => run.quantity)).toEqual(Array(10).fill(100));
    expect(slowRuns.map((run) => run.chargeCents)).toEqual(Array(10).fill(40));
    expect(slowRuns.at(-1)?.dueAfter).toBe(9 * 800 * 60);

    const fast = await likesOrder(customer.id, { deliverySpeed: "fast" });
    if (!fast.ok) throw new Error(fast.message);
    expect(await orderRow(fast.order.id)).toMatchObject({ runs: null, paced: false, deliverySpeed: "fast" });
    expect((await runsOf(fast.order.id)).map((run) => [run.part, run.quantity])).toEqual([["order", 1_000]]);
    expect(await balanceOf(customer.id)).toBe(200);
  });

  it("too small to pace is refused beside the speed and charges nothing; without the order page's choice it goes at once", async () => {
    await panelProvider();
    const customer = await createUser({ fundsCents: 1_000 });
    // Normal needs 3 runs of at least the service's 100; Slow 6.
    const small = await likesOrder(customer.id, { quantity: 299 });
    expect(small).toMatchObject({ ok: false, kind: "invalid", field: "deliverySpeed" });
    expect(!small.ok && noticeOf(small)).toEqual(PACE_TEXT.tooSmall("normal", 300));
    const slow = await likesOrder(customer.id, { quantity: 599, deliverySpeed: "slow" });
    expect(!slow.ok && noticeOf(slow)).toEqual(PACE_TEXT.tooSmall("slow", 600));
    expect(await balanceOf(customer.id)).toBe(1_000);

    // The API, mass order and Quick Order offer no speed: their orders are sent at once.
    const unpaced = await likesOrder(customer.id, { quantity: 299, paceBySpeed: undefined });
    if (!unpaced.ok) throw new Error(unpaced.message);
    expect(await orderRow(unpaced.order.id)).toMatchObject({ runs: null, paced: false });
    // Drip-feed replaces the speed: its own runs, not the pace's.
    await db().execute(sql`update services set dripfeed = true where slug = 'instagram-likes'`);
    const drip = await likesOrder(customer.id, {
      quantity: 100,
      dripFeed: { runs: 2, intervalMinutes: 30 },
    });
    if (!drip.ok) throw new Error(drip.message);
    expect(await orderRow(drip.order.id)).toMatchObject({ runs: 2, intervalMinutes: 30, paced: false });
  });
});

describe("an admin's manual order", () => {
  it("is paced by the speed the admin chooses, and refused too small to pace", async () => {
    await panelProvider();
    const admin = await createUser({ admin: true });
    const customer = await createUser({ fundsCents: 1_000 });
    const likes = (await serviceBySlug("instagram-likes")).id;
    const placed = await placeManualOrder(db(), {
      adminId: admin.id,
      userId: customer.id,
      serviceId: likes,
      quantity: 1_000,
      target: nextLink(),
      deliverySpeed: "slow",
      idempotencyKey: "manual-slow",
      adminNotes: "",
    });
    if (!placed.ok) throw new Error(placed.message);
    expect(await orderRow(placed.order.id)).toMatchObject({ runs: 10, intervalMinutes: 800, paced: true });
    const small = await placeManualOrder(db(), {
      adminId: admin.id,
      userId: customer.id,
      serviceId: likes,
      quantity: 150,
      target: nextLink(),
      deliverySpeed: "normal",
      idempotencyKey: "manual-small",
      adminNotes: "",
    });
    expect(small).toMatchObject({ ok: false, field: "deliverySpeed" });
    expect(await balanceOf(customer.id)).toBe(600);
  });
});

describe("a paced order's progress and refunds", () => {
  it("moves run by run on /orders and in the API, and a cancel refunds exactly the runs not delivered", async () => {
    await panelProvider();
    const customer = await createUser({ fundsCents: 1_000 });
    const placed = await likesOrder(customer.id);
    if (!placed.ok) throw new Error(placed.message);
    const orderId = placed.order.id;
    const apiId = placed.order.orderNumber.replace("ORD-", "");
    const progress = async () => {
      const listed = (await listCustomerOrders(db(), customer.id)).orders[0]!;
      const answer = await readApiOrderStatuses(
        db(),
        { userId: customer.id, keyHash: "", counted: false },
        { order: apiId },
      );
      const api = answer.body as { runs?: string; remains: string };
      return {
        remains: listed.remains,
        runsDelivered: listed.runs?.delivered,
        api: { runs: api.runs, remains: api.remains },
      };
    };
    expect(await progress()).toEqual({
      remains: 1_000,
      runsDelivered: 0,
      api: { runs: "0", remains: "1000" },
    });

    // Run 1 (112) is sent and delivered in full.
    await runFulfilmentRound(db(), ROUND);
    const [first] = await runsOf(orderId);
    expect(first).toMatchObject({ state: "submitted" });
    Object.assign(panel.order(first!.providerOrderId), { status: "Completed", remains: 0 });
    await makeRunDue(orderId, "run-1");
    await runFulfilmentRound(db(), ROUND);
    expect(await progress()).toEqual({ remains: 888, runsDelivered: 1, api: { runs: "1", remains: "888" } });
    // A run delivered while the others wait: the order is under way, though its provider never said "In progress".
    expect(await orderRow(orderId)).toMatchObject({ status: "in_progress" });

    // Run 2 (111) ends Partial with 50 not delivered.
    await makeRunDue(orderId, "run-2");
    await runFulfilmentRound(db(), ROUND);
    const second = (await runsOf(orderId))[1]!;
    expect(second).toMatchObject({ part: "run-2", state: "submitted" });
    Object.assign(panel.order(second.providerOrderId), { status: "Partial", remains: 50 });
    await makeRunDue(orderId, "run-2");
    await runFulfilmentRound(db(), ROUND);
    expect(await progress()).toEqual({ remains: 827, runsDelivered: 1, api: { runs: "1", remains: "827" } });
    expect(await orderRow(orderId)).toMatchObject({ status: "in_progress" });

    // Cancelled now: runs 3 to 9 never sent refund their whole shares, run 2 its 50/111 of 45 cents (20).
    const cancelled = await cancelOrder(db(), { orderId, by: { customerId: customer.id } });
    const unsent = 44 + 45 + 44 + 44 + 45 + 44 + 45;
    expect(cancelled).toEqual({ ok: true, outcome: "cancelled", refundCents: unsent + 20 });
    expect(await orderRow(orderId)).toMatchObject({ status: "partial", remains: 827 });
    expect(await ledgerOf(orderId)).toEqual([
      { type: "purchase", amount: -400 },
      { type: "refund", amount: unsent + 20 },
    ]);
    expect(await balanceOf(customer.id)).toBe(1_000 - 400 + unsent + 20);
  });
});
