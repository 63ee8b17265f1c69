import "../support/worker-database.ts";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orderStatusChanges, orders } from "../../app/db/schema.ts";
import { cancelOrder } from "../../app/domain/orders/cancel-order.server.ts";
import { listCustomerOrders } from "../../app/domain/orders/list-customer-orders.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { decideManualRefill } from "../../app/domain/refills/manual-refills.server.ts";
import { requestRefill } from "../../app/domain/refills/request-refill.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(async () => {
  await resetDatabase();
});

/** A paid Instagram Likes order (150 at $4.00/1000: $0.60) of `userId` for `link`, delivered by a person. */
async function order(
  userId: string,
  link = "https://www.instagram.com/p/Orders1/",
  service = "Instagram Likes",
) {
  const placed = await placeOrder(db(), {
    userId,
    serviceId: await serviceId(service),
    quantity: 150,
    targetLink: link,
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return placed.order;
}

/** `count` orders of `userId`, oldest first, each with its own link (…/p/Post1/ to …/p/PostN/). */
async function orders17(userId: string, count = 17) {
  const placed = [];
  for (let n = 1; n <= count; n++) placed.push(await order(userId, `https://www.instagram.com/p/Post${n}/`));
  return placed;
}

describe("the customer's order list (/orders)", () => {
  it("pages 10 at a time, newest first, and clamps a page past the end to the last one", async () => {
    const customer = await createUser({ fundsCents: 10_000 });
    const placed = await orders17(customer.id);
    const first = await listCustomerOrders(db(), customer.id);
    expect(first).toMatchObject({ total: 17, page: 1, pageCount: 2, pageSize: 10 });
    expect(first.orders.map((row) => row.orderNumber)).toEqual(
      placed
        .slice(7)
        .reverse()
        .map((row) => row.orderNumber),
    );
    const second = await listCustomerOrders(db(), customer.id, { page: 2 });
    expect(second.orders.map((row) => row.orderNumber)).toEqual(
      placed
        .slice(0, 7)
        .reverse()
        .map((row) => row.orderNumber),
    );
    expect((await listCustomerOrders(db(), customer.id, { page: 99 })).page).toBe(2);
  });

  it("shows each order's link, quantity, remains, charge and refunds, and nothing of another customer's", async () => {
    const customer = await createUser({ fundsCents: 10_000 });
    const stranger = await createUser({ fundsCents: 10_000 });
    const mine = await order(customer.id);
    await order(stranger.id);
    await setOrderStatus(db(), { orderId: mine.id, status: "partial", remains: 50 });
    const page = await listCustomerOrders(db(), customer.id);
    expect(page.total).toBe(1);
    expect(page.orders[0]).toMatchObject({
      orderNumber: mine.orderNumber,
      serviceName: "Instagram Likes",
      targetLink: "https://www.instagram.com/p/Orders1/",
      quantity: 150,
      status: "partial",
      remains: 50,
      // Product rules 4.2: $0.60 x 50 / 150, rounded down.
      chargeCents: 60,
      refundedCents: 20,
      startCount: null,
      dripFeed: null,
      canCancel: false,
    });
  });

  it("finds an order by its number (ORD-100017, ord-100017 or 100017) or by a piece of its link, any case", async () => {
    const customer = await createUser({ fundsCents: 10_000 });
    const stranger = await createUser({ fundsCents: 10_000 });
    const placed = await orders17(customer.id);
    const theirs = await order(stranger.id, "https://www.instagram.com/p/Post3/");
    const target = placed[4]!;
    const digits = target.orderNumber.replace("ORD-", "");
    for (const q of [target.orderNumber, target.orderNumber.toLowerCase(), digits, ` ${digits} `]) {
      const found = await listCustomerOrders(db(), customer.id, { q });
      expect(
        found.orders.map((row) => row.orderNumber),
        q,
      ).toEqual([target.orderNumber]);
    }
    // Another customer's order number finds nothing (product rules 1.5).
    expect((await listCustomerOrders(db(), customer.id, { q: theirs.orderNumber })).total).toBe(0);
    // Link search: a substring, any case; "Post1" also matches Post10..Post17.
    const byLink = await listCustomerOrders(db(), customer.id, { q: "p/POST3/" });
    expect(byLink.orders.map((row) => row.orderNumber)).toEqual([placed[2]!.orderNumber]);
    expect((await listCustomerOrders(db(), customer.id, { q: "post1" })).total).toBe(9);
    // LIKE's wildcards match themselves.
    expect((await listCustomerOrders(db(), customer.id, { q: "%" })).total).toBe(0);
    expect((await listCustomerOrders(db(), customer.id, { q: "Post_" })).total).toBe(0);
  });

  it("filters by stored status, with search and paging together", async () => {
    const customer = await createUser({ fundsCents: 10_000 });
    const placed = await orders17(customer.id);
    for (const row of placed.slice(0, 12))
      await setOrderStatus(db(), { orderId: row.id, status: "completed" });
    await setOrderStatus(db(), { orderId: placed[12]!.id, status: "cancelled" });
    expect((await listCustomerOrders(db(), customer.id, { status: "completed" })).total).toBe(12);
    expect(
      (await listCustomerOrders(db(), customer.id, { status: "completed", page: 2 })).orders,
    ).toHaveLength(2);
    expect((await listCustomerOrders(db(), customer.id, { status: "pending" })).total).toBe(4);
    const cancelled = await listCustomerOrders(db(), customer.id, { status: "cancelled" });
    expect(cancelled.orders.map((row) => [row.orderNumber, row.refundedCents])).toEqual([
      [placed[12]!.orderNumber, 60],
    ]);
    expect((await listCustomerOrders(db(), customer.id, { status: "completed", q: "Post13" })).total).toBe(0);
    expect((await listCustomerOrders(db(), customer.id, { status: "failed" })).total).toBe(0);
  });
});

describe("an order's status history (docs/decisions/024)", () => {
  it("starts with its placing and records every change, by an admin or not, once", async () => {
    const customer = await createUser({ fundsCents: 10_000 });
    const admin = await createUser({ admin: true });
    const placed = await order(customer.id);
    await setOrderStatus(db(), { orderId: placed.id, status: "processing", adminId: admin.id });
    await setOrderStatus(db(), { orderId: placed.id, status: "in_progress" });
    // No change, no entry; a refused change, no entry.
    await setOrderStatus(db(), { orderId: placed.id, status: "in_progress" });
    await setOrderStatus(db(), { orderId: placed.id, status: "completed" });
    expect((await setOrderStatus(db(), { orderId: placed.id, status: "cancelled" })).ok).toBe(false);
    const [listed] = (await listCustomerOrders(db(), customer.id)).orders;
    const [stored] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(listed!.history).toEqual([
      { status: "pending", at: stored!.createdAt.toISOString(), byAdmin: false, placed: true },
      { status: "processing", at: expect.any(String), byAdmin: true, placed: false },
      { status: "in_progress", at: expect.any(String), byAdmin: false, placed: false },
      { status: "completed", at: expect.any(String), byAdmin: false, placed: false },
    ]);
    const times = listed!.history.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(await db().$count(orderStatusChanges, eq(orderStatusChanges.orderId, placed.id))).toBe(3);
  });

  it("records a customer's cancel, which refunds the order once", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const placed = await order(customer.id);
    expect((await listCustomerOrders(db(), customer.id)).orders[0]!.canCancel).toBe(true);
    expect(await cancelOrder(db(), { orderId: placed.id, by: { customerId: customer.id } })).toEqual({
      ok: true,
      outcome: "cancelled",
      refundCents: 60,
    });
    const [listed] = (await listCustomerOrders(db(), customer.id)).orders;
    expect(listed).toMatchObject({
      status: "cancelled",
      refundedCents: 60,
      canCancel: false,
      canRefill: false,
    });
    expect(listed!.history.map((entry) => entry.status)).toEqual(["pending", "cancelled"]);
    expect(await balanceOf(customer.id)).toBe(1_000);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });
});

describe("the Cancel and Refill buttons follow the domain's rules", () => {
  it("offers Cancel within the cancel window while a person has not started the order, as cancelOrder decides", async () => {
    const customer = await createUser({ fundsCents: 10_000 });
    const fresh = await order(customer.id, "https://www.instagram.com/p/Fresh/");
    const old = await order(customer.id, "https://www.instagram.com/p/Old/");
    const started = await order(customer.id, "https://www.instagram.com/p/Started/");
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(orders.id, old.id));
    await setOrderStatus(db(), { orderId: started.id, status: "in_progress" });
    const byLink = async (link: string) =>
      (await listCustomerOrders(db(), customer.id, { q: link })).orders[0]!.canCancel;
    expect(await byLink("Fresh")).toBe(true);
    expect(await byLink("Old")).toBe(false);
    expect(await byLink("Started")).toBe(false);
    for (const refused of [old, started])
      expect((await cancelOrder(db(), { orderId: refused.id, by: { customerId: customer.id } })).ok).toBe(
        false,
      );
    expect((await cancelOrder(db(), { orderId: fresh.id, by: { customerId: customer.id } })).ok).toBe(true);
  });

  it("offers Refill on a refillable service's completed order, shows the refill's status, and again once it ended", async () => {
    const customer = await createUser({ fundsCents: 10_000 });
    const admin = await createUser({ admin: true });
    const likes = await order(customer.id, "https://www.instagram.com/p/Likes/");
    const views = await order(customer.id, "https://www.instagram.com/p/Views/", "Instagram Views");
    await setOrderStatus(db(), { orderId: likes.id, status: "completed" });
    await setOrderStatus(db(), { orderId: views.id, status: "completed" });
    const card = async (link: string) =>
      (await listCustomerOrders(db(), customer.id, { q: link })).orders[0]!;
    expect(await card("Likes")).toMatchObject({ canRefill: true, refill: null });
    // Instagram Views promise no refill (product rules 4.7).
    expect(await card("Views")).toMatchObject({ canRefill: false, refill: null });

    const asked = await requestRefill(db(), { userId: customer.id, orderId: likes.id });
    if (!asked.ok) throw new Error(asked.message);
    expect(await card("Likes")).toMatchObject({
      canRefill: false,
      refill: { status: "pending", error: null },
    });
    await decideManualRefill(db(), { adminId: admin.id, refillId: asked.refill.id, decision: "completed" });
    expect(await card("Likes")).toMatchObject({ canRefill: true, refill: { status: "completed" } });

    await db()
      .update(orders)
      .set({ endedAt: sql`now() - interval '31 days'` })
      .where(eq(orders.id, likes.id));
    expect((await card("Likes")).canRefill).toBe(false);
  });
});
