import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  accountDiscounts,
  adminAuditLog,
  autoOrders,
  fulfilments,
  orders,
  providerServices,
  providers,
  services,
  transactions,
} from "../../app/db/schema.ts";
import { setAccountDiscount } from "../../app/domain/accounts/set-account-discount.server.ts";
import { DISCOUNT_TEXT } from "../../app/domain/accounts/user-controls-text.ts";
import { cancelAutoOrder } from "../../app/domain/auto-orders/change-auto-order.server.ts";
import { placeAutoOrder } from "../../app/domain/auto-orders/place-auto-order.server.ts";
import { cancelOrder } from "../../app/domain/orders/cancel-order.server.ts";
import { previewMassOrder } from "../../app/domain/orders/mass-order-preview.server.ts";
import { ORDER_TEXT } from "../../app/domain/orders/messages.ts";
import { placeManualOrder } from "../../app/domain/orders/place-manual-order.server.ts";
import { placeOrder, type SimpleOrderInput } from "../../app/domain/orders/place-order.server.ts";
import { placePackOrder } from "../../app/domain/orders/place-pack-order.server.ts";
import { recordPaidOrder } from "../../app/domain/orders/record-paid-order.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, serviceBySlug, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// A customer's discount (product rules 15.27-15.29, docs/decisions/053): every way of ordering charges the
// discounted price to the cent, the ledger row is the charge, refunds pay back what was charged, and the statement
// charges only while the discount it was priced with holds. The vectors are in tests/unit/discount.test.ts.

beforeEach(resetDatabase);
afterEach(async () => {
  expect(await findLedgerMismatches(db())).toEqual([]);
});

const FUNDS = 100_000;

/** Instagram Likes, $4.00/1000 x 250: $1.00 at list price. */
async function dollarOfLikes(
  userId: string,
  overrides: Partial<SimpleOrderInput> = {},
): Promise<SimpleOrderInput> {
  return {
    userId,
    serviceId: await serviceId("Instagram Likes"),
    quantity: 250,
    targetLink: `https://www.instagram.com/p/Disc${randomUUID().slice(0, 8)}/`,
    deliverySpeed: "normal",
    ...overrides,
  };
}

async function discounted(discountTenths: number) {
  const admin = await createUser({ admin: true });
  const customer = await createUser({ fundsCents: FUNDS });
  if (discountTenths > 0) await setDiscount(admin.id, customer.id, discountTenths);
  return { admin, customer };
}

async function setDiscount(adminId: string, userId: string, discountTenths: number) {
  const saved = await setAccountDiscount(db(), { adminId, userId, discountTenths });
  if (!saved.ok) throw new Error(saved.message);
}

async function ledgerOf(column: "orderId" | "autoOrderId", id: string) {
  return db()
    .select({ type: transactions.type, amount: transactions.amountCents })
    .from(transactions)
    .where(eq(transactions[column], id))
    .orderBy(asc(transactions.createdAt));
}

/** Instagram Likes mapped to a provider (never called here), at a cost per 1000, or none known. */
async function mapLikes(costPer1000: string | null) {
  const [provider] = await db()
    .insert(providers)
    .values({
      name: "Discount panel",
      apiUrl: "https://panel.example/api/v2",
      apiKeyEncrypted: "-",
      apiKeyHint: "-",
    })
    .returning({ id: providers.id });
  await db()
    .insert(providerServices)
    .values({
      serviceId: await serviceId("Instagram Likes"),
      providerId: provider!.id,
      providerServiceId: "11",
      providerServiceType: "Default",
      costPer1000,
    });
}

describe("a 10% discount charges exactly 90%", () => {
  it("on a one-time order: $1.00 charged $0.90, the ledger row the same", async () => {
    const { customer } = await discounted(100);
    const placed = await placeOrder(db(), await dollarOfLikes(customer.id));
    expect(placed).toMatchObject({ ok: true, order: { totalCents: 90 }, balanceCents: FUNDS - 90 });
    if (!placed.ok) return;
    expect(await ledgerOf("orderId", placed.order.id)).toEqual([{ type: "purchase", amount: -90 }]);
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
    expect(order?.totalCents).toBe(90);
  });

  it("compares the total the customer was shown with the discounted total", async () => {
    const { customer } = await discounted(100);
    const shownList = await placeOrder(
      db(),
      await dollarOfLikes(customer.id, { expectedTotalCents: cents(100) }),
    );
    expect(shownList).toMatchObject({ ok: false, code: "price_changed", totalCents: 90 });
    expect(await balanceOf(customer.id)).toBe(FUNDS);
    const shownDiscounted = await placeOrder(
      db(),
      await dollarOfLikes(customer.id, { expectedTotalCents: cents(90) }),
    );
    expect(shownDiscounted).toMatchObject({ ok: true, order: { totalCents: 90 } });
  });

  it("on a likes pack with add-ons: $32.45 charged $29.21 (29.205, half-up), its lines adding up to it", async () => {
    const { customer } = await discounted(100);
    const placed = await placePackOrder(db(), {
      userId: customer.id,
      packCode: "big",
      targetLink: "https://instagram.com/reel/Cdisc123XYZ/",
      deliverySpeed: "fast",
      extraLikes: true,
      extraViews: true,
      comments: 20,
    });
    expect(placed).toMatchObject({ ok: true, order: { totalCents: 2_921 } });
    if (!placed.ok) return;
    expect(await ledgerOf("orderId", placed.order.id)).toEqual([{ type: "purchase", amount: -2_921 }]);
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
    const lines = (order?.metadata.services ?? []) as { total_cents: number }[];
    expect(lines.reduce((sum, line) => sum + line.total_cents, 0)).toBe(2_921);
  });

  it("on a drip-feed order: runs sharing the discounted charge, a cancel refunding exactly what was charged", async () => {
    await mapLikes(null);
    await db().update(services).set({ dripfeed: true }).where(eq(services.slug, "instagram-likes"));
    const { customer } = await discounted(100);
    // $4.00/1000 x 3 runs x 101 = $1.212, $1.21 at list price (runs of 40, 40, 41); 10% off: 108.9, so $1.09.
    const placed = await placeOrder(
      db(),
      await dollarOfLikes(customer.id, { quantity: 101, dripFeed: { runs: 3, intervalMinutes: 10 } }),
    );
    expect(placed).toMatchObject({ ok: true, order: { totalCents: 109 } });
    if (!placed.ok) return;
    const runs = await db()
      .select({ part: fulfilments.part, chargeCents: fulfilments.chargeCents })
      .from(fulfilments)
      .where(eq(fulfilments.orderId, placed.order.id))
      .orderBy(asc(fulfilments.part));
    // Cumulative floors of 109 x 40/121, 109 x 80/121, 109.
    expect(runs.map((run) => run.chargeCents)).toEqual([36, 36, 37]);
    const cancelled = await cancelOrder(db(), { orderId: placed.order.id, by: { customerId: customer.id } });
    expect(cancelled).toMatchObject({ ok: true, refundCents: 109 });
    expect(await ledgerOf("orderId", placed.order.id)).toEqual([
      { type: "purchase", amount: -109 },
      { type: "refund", amount: 109 },
    ]);
    expect(await balanceOf(customer.id)).toBe(FUNDS);
  });

  it("on a paced order: the runs add up to the discounted charge", async () => {
    await mapLikes(null);
    const { customer } = await discounted(100);
    const placed = await placeOrder(
      db(),
      await dollarOfLikes(customer.id, { quantity: 1_000, deliverySpeed: "slow", paceBySpeed: true }),
    );
    expect(placed).toMatchObject({ ok: true, order: { totalCents: 360 } });
    if (!placed.ok) return;
    const runs = await db()
      .select({ chargeCents: fulfilments.chargeCents })
      .from(fulfilments)
      .where(eq(fulfilments.orderId, placed.order.id));
    expect(runs.length).toBeGreaterThan(1);
    expect(runs.reduce((sum, run) => sum + (run.chargeCents ?? 0), 0)).toBe(360);
  });

  it("on an auto order: the cost per post discounted, a cancel refunding the unsent posts at that cost", async () => {
    const { customer } = await discounted(100);
    // Instagram Auto Views $1.50/1000 x 150: 22.5, 23 cents a post at list price; 10% off: 20.7, so 21 cents.
    const placed = await placeAutoOrder(db(), {
      userId: customer.id,
      serviceId: await serviceId("Instagram Auto Views"),
      username: "@some.creator",
      perPost: 150,
      posts: 7,
      deliverySpeed: "normal",
    });
    expect(placed).toMatchObject({ ok: true, autoOrder: { costPerPostCents: 21, totalCents: 147 } });
    if (!placed.ok) return;
    expect(await ledgerOf("autoOrderId", placed.autoOrder.id)).toEqual([{ type: "purchase", amount: -147 }]);
    await db().update(autoOrders).set({ remainingPosts: 4 }).where(eq(autoOrders.id, placed.autoOrder.id));
    const cancelled = await cancelAutoOrder(
      db(),
      { kind: "customer", userId: customer.id },
      placed.autoOrder.id,
    );
    expect(cancelled).toMatchObject({ ok: true, refundCents: 84 });
    expect(await balanceOf(customer.id)).toBe(FUNDS - 147 + 84);
  });

  it("on a mass order's preview and an admin's manual order for the customer", async () => {
    const { admin, customer } = await discounted(100);
    const likes = await serviceBySlug("instagram-likes");
    const preview = await previewMassOrder(
      db(),
      customer.id,
      `${likes.apiId} | https://www.instagram.com/p/MassDisc1/ | 250`,
    );
    expect(preview).toMatchObject({ ok: true, totalCents: 90 });
    const manual = await placeManualOrder(db(), {
      adminId: admin.id,
      userId: customer.id,
      serviceId: likes.id,
      quantity: 250,
      target: "https://www.instagram.com/p/ManualDisc1/",
      deliverySpeed: "fast",
      idempotencyKey: randomUUID(),
      expectedTotalCents: cents(90),
      adminNotes: "",
    });
    expect(manual).toMatchObject({ ok: true, order: { totalCents: 90 } });
  });
});

describe("a discount changed while an order is placed", () => {
  it("is noticed by the statement: an order priced with the old discount charges nothing", async () => {
    const { admin, customer } = await discounted(100);
    await setDiscount(admin.id, customer.id, 200);
    const likes = await serviceBySlug("instagram-likes");
    const draft = {
      userId: customer.id,
      serviceId: likes.id,
      serviceName: likes.name,
      quantity: 250,
      targetLink: "https://www.instagram.com/p/StaleDisc1/",
      deliverySpeed: "normal" as const,
      totalCents: cents(90),
      discountTenths: 100,
      metadata: { service_name: likes.name, platform: "instagram" },
    };
    expect(await recordPaidOrder(db(), draft)).toEqual({ guardFailed: true });
    expect(await balanceOf(customer.id)).toBe(FUNDS);
    expect(
      await recordPaidOrder(db(), { ...draft, totalCents: cents(80), discountTenths: 200 }),
    ).toMatchObject({
      ok: true,
      order: { totalCents: 80 },
    });
  });

  it("re-prices on a fresh read: a discount set just after a cached read charges the new price", async () => {
    const { admin, customer } = await discounted(0);
    // The first order keeps "no discount" in this process's short cache.
    expect(await placeOrder(db(), await dollarOfLikes(customer.id))).toMatchObject({
      order: { totalCents: 100 },
    });
    await setDiscount(admin.id, customer.id, 200);
    expect(await placeOrder(db(), await dollarOfLikes(customer.id))).toMatchObject({
      order: { totalCents: 80 },
    });
    await setDiscount(admin.id, customer.id, 0);
    expect(await placeOrder(db(), await dollarOfLikes(customer.id))).toMatchObject({
      order: { totalCents: 100 },
    });
    expect(await balanceOf(customer.id)).toBe(FUNDS - 280);
  });

  it("charges every one of 24 racing orders exactly the old price or the new one while the admin changes it", async () => {
    const { admin, customer } = await discounted(100);
    const input = await dollarOfLikes(customer.id);
    const flips = (async () => {
      for (const discountTenths of [200, 100, 200, 100, 200])
        await setDiscount(admin.id, customer.id, discountTenths);
    })();
    const placed = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        placeOrder(db(), { ...input, targetLink: `https://www.instagram.com/p/Race${index}x/` }),
      ),
    );
    await flips;
    // An order whose discount changed under it on every read is refused to be retried, nothing charged
    // (place-order.server.ts); every other is charged one of the two prices, never a third.
    const charges: number[] = [];
    for (const result of placed) {
      if (result.ok) charges.push(result.order.totalCents);
      else expect(result).toMatchObject({ kind: "conflict", message: ORDER_TEXT.orderFailed.message });
    }
    expect(charges.length).toBeGreaterThan(0);
    for (const charge of charges) expect([90, 80]).toContain(charge);
    const ledger = await db()
      .select({ amount: transactions.amountCents })
      .from(transactions)
      .where(and(eq(transactions.userId, customer.id), eq(transactions.type, "purchase")));
    expect(ledger.map((row) => -row.amount).sort()).toEqual([...charges].sort());
    expect(await balanceOf(customer.id)).toBe(FUNDS - charges.reduce((sum, charge) => sum + charge, 0));
    // Once the admin is done, the next order is charged the discount in force.
    expect(await placeOrder(db(), await dollarOfLikes(customer.id))).toMatchObject({
      order: { totalCents: 80 },
    });
  });
});

describe("the cost floor holds under a discount (product rules 13.12)", () => {
  it("refuses a discount that would sell below cost with the below-cost refusal, nothing charged", async () => {
    // $3.90/1000 x 250 costs 97.5, 98 cents; $1.00 less 10% is 90 cents.
    await mapLikes("3.9000");
    const { admin, customer } = await discounted(100);
    const refused = await placeOrder(db(), await dollarOfLikes(customer.id));
    expect(refused).toMatchObject({ ok: false, code: "below_cost" });
    expect(await balanceOf(customer.id)).toBe(FUNDS);
    expect(await db().$count(orders, eq(orders.userId, customer.id))).toBe(0);
    await setDiscount(admin.id, customer.id, 0);
    expect(await placeOrder(db(), await dollarOfLikes(customer.id))).toMatchObject({
      order: { totalCents: 100 },
    });
  });
});

describe("setting a discount (product rules 15.27)", () => {
  it("stores it with an audit row of before and after, records nothing for no change, and clears it", async () => {
    const { admin, customer } = await discounted(0);
    expect(
      await setAccountDiscount(db(), { adminId: admin.id, userId: customer.id, discountTenths: 125 }),
    ).toEqual({
      ok: true,
      notice: { title: DISCOUNT_TEXT.savedTitle, message: DISCOUNT_TEXT.saved("12.5%") },
    });
    await setDiscount(admin.id, customer.id, 125);
    await setDiscount(admin.id, customer.id, 0);
    expect(await db().select().from(accountDiscounts)).toEqual([]);
    const audit = await db()
      .select({ action: adminAuditLog.action, details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.subjectId, customer.id))
      .orderBy(asc(adminAuditLog.createdAt));
    expect(audit).toEqual([
      {
        action: "user.discount",
        details: { before: "0%", after: "12.5%", before_tenths: 0, after_tenths: 125 },
      },
      {
        action: "user.discount",
        details: { before: "12.5%", after: "0%", before_tenths: 125, after_tenths: 0 },
      },
    ]);
  });

  it("refuses a discount above 90% or not in tenths, and an unknown user, writing nothing", async () => {
    const { admin, customer } = await discounted(0);
    for (const discountTenths of [901, 1_000, -1, 2.5])
      expect(
        await setAccountDiscount(db(), { adminId: admin.id, userId: customer.id, discountTenths }),
      ).toMatchObject({
        ok: false,
        fieldErrors: { discount: DISCOUNT_TEXT.invalid },
      });
    expect(
      await setAccountDiscount(db(), { adminId: admin.id, userId: randomUUID(), discountTenths: 100 }),
    ).toMatchObject({ ok: false, kind: "not_found" });
    expect(await db().select().from(accountDiscounts)).toEqual([]);
    expect(await db().$count(adminAuditLog)).toBe(0);
  });
});
