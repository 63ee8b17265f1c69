import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { affiliateLedger, affiliates, autoOrders, referrals, settings } from "../../app/db/schema.ts";
import { affiliateCodeOf } from "../../app/domain/affiliates/affiliate-code.server.ts";
import { findAffiliateLedgerMismatches } from "../../app/domain/affiliates/check-affiliate-ledger.server.ts";
import { cancelAutoOrder } from "../../app/domain/auto-orders/change-auto-order.server.ts";
import { placeAutoOrder } from "../../app/domain/auto-orders/place-auto-order.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { refundGoodwill } from "../../app/domain/orders/refund-goodwill.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { settingDefaults } from "../../app/domain/settings/defaults.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { createUser, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Commission on a referred customer's orders, net of refunds (docs/decisions/056): booked by the trigger on the
// wallet ledger, so these tests go through the shop's own order and refund paths.

beforeEach(resetDatabase);
afterEach(() => setPercent(settingDefaults.affiliateCommissionPercent));

async function setPercent(percent: number) {
  await db()
    .insert(settings)
    .values({ key: "affiliateCommissionPercent", value: percent })
    .onConflictDoUpdate({ target: settings.key, set: { value: percent } });
}

/** Affiliate A and customer B whom A referred (as attributeSignUp records it), B's wallet funded with $10. */
async function referredPair() {
  const affiliate = await createUser();
  await affiliateCodeOf(db(), affiliate.id);
  const customer = await createUser({ fundsCents: 1_000 });
  await db().insert(referrals).values({ referredUserId: customer.id, affiliateId: affiliate.id });
  return { affiliate, customer };
}

/** Instagram Likes at $4 per 1000: 150 likes cost 60 cents. */
async function likesOrder(userId: string, quantity = 150, post = "C0ffeeBean12") {
  const result = await placeOrder(db(), {
    userId,
    serviceId: await serviceId("Instagram Likes"),
    quantity,
    targetLink: `https://www.instagram.com/p/${post}/`,
    deliverySpeed: "normal",
  });
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

async function commissionBalance(affiliateId: string): Promise<number> {
  const [row] = await db()
    .select({ balance: affiliates.balanceCents })
    .from(affiliates)
    .where(eq(affiliates.userId, affiliateId));
  return row!.balance;
}

async function entriesOf(affiliateId: string) {
  return db()
    .select({
      kind: affiliateLedger.kind,
      amountCents: affiliateLedger.amountCents,
      percent: affiliateLedger.percent,
    })
    .from(affiliateLedger)
    .where(eq(affiliateLedger.affiliateId, affiliateId))
    .orderBy(affiliateLedger.createdAt, affiliateLedger.id);
}

async function expectBooksBalance() {
  expect(await findAffiliateLedgerMismatches(db())).toEqual([]);
  expect(await findLedgerMismatches(db())).toEqual([]);
}

describe("commission on a referred customer's orders", () => {
  it("books the settings' share of what the customer paid, rounded down to the cent (33% of 60 cents = 19)", async () => {
    await setPercent(33);
    const { affiliate, customer } = await referredPair();
    const order = await likesOrder(customer.id);
    expect(order.totalCents).toBe(60);
    expect(await entriesOf(affiliate.id)).toEqual([{ kind: "commission", amountCents: 19, percent: 33 }]);
    expect(await commissionBalance(affiliate.id)).toBe(19);
    await expectBooksBalance();
  });

  it("uses 30% when the setting was never saved, the same default the settings page shows", async () => {
    await db().delete(settings).where(eq(settings.key, "affiliateCommissionPercent"));
    const { affiliate, customer } = await referredPair();
    await likesOrder(customer.id, 1_000); // $4.00
    expect(settingDefaults.affiliateCommissionPercent).toBe(30);
    expect(await commissionBalance(affiliate.id)).toBe(120);
  });

  it("books nothing for a customer nobody referred", async () => {
    const affiliate = await createUser();
    await affiliateCodeOf(db(), affiliate.id);
    const customer = await createUser({ fundsCents: 1_000 });
    await likesOrder(customer.id);
    expect(await db().$count(affiliateLedger)).toBe(0);
    expect(await commissionBalance(affiliate.id)).toBe(0);
  });

  it("reverses a partial refund's share once when it is asked 10 times at once", async () => {
    const { affiliate, customer } = await referredPair();
    const order = await likesOrder(customer.id); // 60 cents, 18 commission at 30%
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        setOrderStatus(db(), { orderId: order.id, status: "partial", refundCents: cents(25) }),
      ),
    );
    expect(results.filter((result) => result.ok && !result.unchanged)).toHaveLength(1);
    // Net paid 35 cents: 30% is 10.5, so the commission is 10 and the refund reverses 8.
    expect(await entriesOf(affiliate.id)).toEqual([
      { kind: "commission", amountCents: 18, percent: 30 },
      { kind: "reversal", amountCents: -8, percent: 30 },
    ]);
    expect(await commissionBalance(affiliate.id)).toBe(10);
    await expectBooksBalance();
  });

  it("reverses at the rate the order was paid at, and a full refund leaves nothing", async () => {
    await setPercent(33);
    const { affiliate, customer } = await referredPair();
    const order = await likesOrder(customer.id);
    await setPercent(50);
    expect(await setOrderStatus(db(), { orderId: order.id, status: "cancelled" })).toMatchObject({
      ok: true,
    });
    expect(await entriesOf(affiliate.id)).toEqual([
      { kind: "commission", amountCents: 19, percent: 33 },
      { kind: "reversal", amountCents: -19, percent: 33 },
    ]);
    expect(await commissionBalance(affiliate.id)).toBe(0);
    await expectBooksBalance();
  });

  it("books each order's commission once and keeps the books balanced across several orders", async () => {
    const { affiliate, customer } = await referredPair();
    const first = await likesOrder(customer.id, 1_000); // $4.00 -> 120
    await likesOrder(customer.id, 500, "Another1Post"); // $2.00 -> 60
    await setOrderStatus(db(), { orderId: first.id, status: "failed" });
    expect(await commissionBalance(affiliate.id)).toBe(60);
    expect(
      await db().$count(
        affiliateLedger,
        and(eq(affiliateLedger.affiliateId, affiliate.id), eq(affiliateLedger.orderId, first.id)),
      ),
    ).toBe(2);
    await expectBooksBalance();
  });

  it("keeps each order's running figures equal to a recount of its history, with 10 orders placed at once", async () => {
    const { affiliate, customer } = await referredPair();
    const orders = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        likesOrder(customer.id, 150 + 10 * index, `RaceRace${index}x`),
      ),
    );
    await setOrderStatus(db(), { orderId: orders[0]!.id, status: "failed" });
    await setOrderStatus(db(), { orderId: orders[1]!.id, status: "partial", remains: 100 });
    // The figures the trigger keeps per order are what its whole history adds up to.
    const recount = await db().execute<{
      order_id: string;
      kept: string;
      recounted: string;
      booked: string;
      rows: string;
    }>(sql`
      select f.order_id, f.net_paid_cents as kept, f.booked_cents as booked,
        (select -sum(t.amount_cents) from transactions t
          where t.order_id = f.order_id and (t.type in ('purchase', 'refund')
            or (t.type = 'adjustment' and t.amount_cents > 0))) as recounted,
        (select coalesce(sum(l.amount_cents), 0) from affiliate_ledger l where l.order_id = f.order_id) as rows
      from affiliate_order_commissions f where f.affiliate_id = ${affiliate.id}`);
    expect(recount.rows).toHaveLength(10);
    for (const row of recount.rows) {
      expect(Number(row.kept), `order ${row.order_id}: net paid kept`).toBe(Number(row.recounted));
      expect(Number(row.booked), `order ${row.order_id}: commission booked`).toBe(Number(row.rows));
      expect(Number(row.booked), `order ${row.order_id}: 30% of its net, rounded down`).toBe(
        Math.floor((Number(row.recounted) * 30) / 100),
      );
    }
    const failed = recount.rows.find((row) => row.order_id === orders[0]!.id);
    expect([Number(failed!.recounted), Number(failed!.booked)]).toEqual([0, 0]);
    const partial = recount.rows.find((row) => row.order_id === orders[1]!.id);
    expect(Number(partial!.recounted)).toBeGreaterThan(0);
    expect(Number(partial!.recounted)).toBeLessThan(orders[1]!.totalCents);
    expect(await commissionBalance(affiliate.id)).toBe(
      recount.rows.reduce((sum, row) => sum + Number(row.booked), 0),
    );
    await expectBooksBalance();
  });

  it("counts an admin's goodwill credit on an ended order as a refund of its share", async () => {
    const { affiliate, customer } = await referredPair();
    const admin = await createUser({ admin: true });
    const order = await likesOrder(customer.id); // 60 cents, 18 commission
    await setOrderStatus(db(), { orderId: order.id, status: "completed" });
    expect(
      await refundGoodwill(db(), {
        orderId: order.id,
        adminId: admin.id,
        amount: "0.20",
        reason: "Slow start",
      }),
    ).toMatchObject({ ok: true, amountCents: 20 });
    // Net paid 40 cents: 12 owed, so the goodwill takes back 6.
    expect(await commissionBalance(affiliate.id)).toBe(12);
    await expectBooksBalance();
  });

  it("follows an auto order too: its charge, then the refund of the posts a cancel leaves", async () => {
    const { affiliate, customer } = await referredPair();
    const placed = await placeAutoOrder(db(), {
      userId: customer.id,
      serviceId: await serviceId("Instagram Auto Views"),
      username: "@some.creator",
      perPost: 150,
      posts: 7,
      deliverySpeed: "normal",
    });
    if (!placed.ok) throw new Error(placed.message);
    expect(placed.autoOrder.totalCents).toBe(161); // 30%: 48.3 -> 48
    await db().update(autoOrders).set({ remainingPosts: 4 }).where(eq(autoOrders.id, placed.autoOrder.id));
    expect(
      await cancelAutoOrder(db(), { kind: "customer", userId: customer.id }, placed.autoOrder.id),
    ).toMatchObject({ ok: true, refundCents: 92 });
    // Net paid 69 cents: 30% is 20.7, so 20 stays and the refund reverses 28.
    expect(await entriesOf(affiliate.id)).toEqual([
      { kind: "commission", amountCents: 48, percent: 30 },
      { kind: "reversal", amountCents: -28, percent: 30 },
    ]);
    await expectBooksBalance();
  });

  it("ledger:check's affiliate half finds a balance that differs from its rows", async () => {
    const { affiliate, customer } = await referredPair();
    await likesOrder(customer.id);
    await db()
      .update(affiliates)
      .set({ balanceCents: cents(999) })
      .where(eq(affiliates.userId, affiliate.id));
    expect(await findAffiliateLedgerMismatches(db())).toEqual([
      { affiliateId: affiliate.id, email: affiliate.email, balanceCents: 999, ledgerCents: 18 },
    ]);
  });
});
