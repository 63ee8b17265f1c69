import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { autoOrders, transactions } from "../../app/db/schema.ts";
import {
  cancelAutoOrder,
  pauseAutoOrder,
  resumeAutoOrder,
} from "../../app/domain/auto-orders/change-auto-order.server.ts";
import { endExpiredSubscriptions } from "../../app/domain/auto-orders/end-expired-subscriptions.server.ts";
import { type AutoOrderInput, placeAutoOrder } from "../../app/domain/auto-orders/place-auto-order.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

async function autoInput(userId: string, overrides: Partial<AutoOrderInput> = {}): Promise<AutoOrderInput> {
  return {
    userId,
    serviceId: await serviceId("Instagram Auto Likes"),
    username: "@some.creator",
    perPost: 100,
    posts: 10,
    deliverySpeed: "normal",
    ...overrides,
  };
}

async function placed(userId: string, overrides: Partial<AutoOrderInput> = {}) {
  const result = await placeAutoOrder(db(), await autoInput(userId, overrides));
  if (!result.ok) throw new Error(result.message);
  return result.autoOrder;
}

describe("setting up an auto order", () => {
  it("charges cost per post x posts (Auto Likes $4/1000, 100 per post x 10 = $0.40 per post, $4.00) and starts active", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const result = await placeAutoOrder(db(), await autoInput(user.id));
    expect(result).toMatchObject({
      ok: true,
      balanceCents: 600,
      autoOrder: { costPerPostCents: 40, totalCents: 400, totalPosts: 10, remainingPosts: 10 },
    });
    const [row] = await db().select().from(autoOrders).where(eq(autoOrders.userId, user.id));
    expect(row).toMatchObject({ status: "active", targetUsername: "some.creator", likesPerPost: 100 });
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it.each([
    ["no username", { username: "  " }, "Error", "Please enter your Instagram username"],
    ["0 posts", { posts: 0 }, "Invalid Posts", "Number of posts must be between 1 and 100."],
    ["101 posts", { posts: 101 }, "Invalid Posts", "Number of posts must be between 1 and 100."],
    [
      "too few per post",
      { perPost: 99 },
      "Invalid quantity",
      "Engagement per post must be between 100 and 100,000.",
    ],
  ])("refuses %s and charges nothing", async (_case, overrides, title, message) => {
    const user = await createUser({ fundsCents: 10_000 });
    expect(await placeAutoOrder(db(), await autoInput(user.id, overrides))).toMatchObject({
      ok: false,
      title,
      message,
    });
    expect(await balanceOf(user.id)).toBe(10_000);
    expect(await db().$count(autoOrders, eq(autoOrders.userId, user.id))).toBe(0);
  });

  it("refuses a one-time service and an unaffordable auto order", async () => {
    const user = await createUser({ fundsCents: 399 });
    const likes = await serviceId("Instagram Likes");
    expect(await placeAutoOrder(db(), await autoInput(user.id, { serviceId: likes }))).toMatchObject({
      ok: false,
      title: "Service Error",
    });
    expect(await placeAutoOrder(db(), await autoInput(user.id))).toMatchObject({
      ok: false,
      kind: "insufficient_funds",
      message: "You need $4.00 but only have $3.99. Please add funds to your wallet.",
    });
    expect(await db().$count(autoOrders, eq(autoOrders.userId, user.id))).toBe(0);
  });
});

describe("changing an auto order", () => {
  it("pauses and resumes, only from the right state", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const order = await placed(user.id);
    const me = { kind: "customer" as const, userId: user.id };
    expect(await pauseAutoOrder(db(), me, order.id)).toMatchObject({
      ok: true,
      status: "paused",
      notice: { title: "Auto order paused successfully" },
    });
    expect(await pauseAutoOrder(db(), me, order.id)).toMatchObject({
      ok: false,
      kind: "conflict",
      title: "Failed to pause auto order",
    });
    expect(await resumeAutoOrder(db(), me, order.id)).toMatchObject({
      ok: true,
      status: "active",
      notice: { title: "Auto order resumed successfully" },
    });
  });

  it("cancels with a refund of the remaining posts and the spec's ledger row", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const order = await placed(user.id, {
      serviceId: await serviceId("Instagram Auto Views"),
      perPost: 150,
      posts: 7,
    });
    expect(order).toMatchObject({ costPerPostCents: 23, totalCents: 161 });
    await db().update(autoOrders).set({ remainingPosts: 4 }).where(eq(autoOrders.id, order.id));
    const result = await cancelAutoOrder(db(), { kind: "customer", userId: user.id }, order.id);
    expect(result).toMatchObject({
      ok: true,
      refundCents: 92,
      notice: {
        title: "Auto Order Cancelled",
        message: "Your auto order has been cancelled and $0.92 has been refunded to your wallet",
      },
    });
    const [refund] = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.autoOrderId, order.id), eq(transactions.type, "refund")));
    expect(refund).toMatchObject({
      amountCents: 92,
      status: "completed",
      metadata: { reason: "Auto order cancelled by user", auto_order_id: order.id, remaining_posts: 4 },
    });
    expect(await balanceOf(user.id)).toBe(1_000 - 161 + 92);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("refunds once when the same auto order is cancelled 10 times at once", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const order = await placed(user.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        cancelAutoOrder(db(), { kind: "customer", userId: user.id }, order.id),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(
      await db().$count(
        transactions,
        and(eq(transactions.autoOrderId, order.id), eq(transactions.type, "refund")),
      ),
    ).toBe(1);
    expect(await balanceOf(user.id)).toBe(1_000);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("ends a subscription past its expiry day once, with one refund, when rounds race; a current one stays", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const expired = await placed(user.id, { expiresOn: "2099-12-31" });
    const current = await placed(user.id, { expiresOn: "2099-12-31", idempotencyKey: "current" });
    expect(await balanceOf(user.id)).toBe(1_000 - 800);
    // Its last day passed (set rather than waited for); five workers' rounds reach it at once.
    await db().update(autoOrders).set({ expiresOn: "2000-01-01" }).where(eq(autoOrders.id, expired.id));
    const ended = await Promise.all(Array.from({ length: 5 }, () => endExpiredSubscriptions(db())));
    expect(ended.reduce((sum, count) => sum + count, 0)).toBe(1);
    const rows = await db().select().from(autoOrders).where(eq(autoOrders.userId, user.id));
    expect(rows.find((row) => row.id === expired.id)?.status).toBe("cancelled");
    expect(rows.find((row) => row.id === current.id)?.status).toBe("active");
    expect(
      await db().$count(
        transactions,
        and(eq(transactions.autoOrderId, expired.id), eq(transactions.type, "refund")),
      ),
    ).toBe(1);
    expect(await balanceOf(user.id)).toBe(1_000 - 400);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("answers 'not found' for another customer's auto order and changes nothing", async () => {
    const owner = await createUser({ fundsCents: 1_000 });
    const stranger = await createUser();
    const order = await placed(owner.id);
    const them = { kind: "customer" as const, userId: stranger.id };
    for (const change of [pauseAutoOrder, resumeAutoOrder, cancelAutoOrder]) {
      expect(await change(db(), them, order.id)).toMatchObject({ ok: false, kind: "not_found" });
    }
    const [row] = await db()
      .select({ status: autoOrders.status })
      .from(autoOrders)
      .where(eq(autoOrders.id, order.id));
    expect(row?.status).toBe("active");
    expect(await balanceOf(owner.id)).toBe(600);
  });
});
