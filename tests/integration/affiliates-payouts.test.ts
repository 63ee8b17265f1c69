import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { affiliatePayouts, affiliates, referrals, transactions } from "../../app/db/schema.ts";
import { affiliateCodeOf } from "../../app/domain/affiliates/affiliate-code.server.ts";
import { findAffiliateLedgerMismatches } from "../../app/domain/affiliates/check-affiliate-ledger.server.ts";
import { decidePayout } from "../../app/domain/affiliates/decide-payout.server.ts";
import { requestPayout } from "../../app/domain/affiliates/request-payout.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Payouts of affiliate commission (docs/decisions/056): asked by the affiliate, answered once by an admin.

beforeEach(resetDatabase);

/** An affiliate whose referred customer ordered `likes` Instagram Likes ($4 per 1000, 30% commission). */
async function affiliateWithCommission(likes: number) {
  const affiliate = await createUser();
  await affiliateCodeOf(db(), affiliate.id);
  const customer = await createUser({ fundsCents: 10_000 });
  await db().insert(referrals).values({ referredUserId: customer.id, affiliateId: affiliate.id });
  const placed = await placeOrder(db(), {
    userId: customer.id,
    serviceId: await serviceId("Instagram Likes"),
    quantity: likes,
    targetLink: "https://www.instagram.com/p/C0ffeeBean12/",
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return { affiliate, customer, order: placed.order };
}

async function commissionBalance(affiliateId: string): Promise<number> {
  const [row] = await db()
    .select({ balance: affiliates.balanceCents })
    .from(affiliates)
    .where(eq(affiliates.userId, affiliateId));
  return row!.balance;
}

async function expectBooksBalance() {
  expect(await findAffiliateLedgerMismatches(db())).toEqual([]);
  expect(await findLedgerMismatches(db())).toEqual([]);
}

describe("asking for a payout", () => {
  it("refuses below the minimum ($10 by default)", async () => {
    const { affiliate } = await affiliateWithCommission(150); // 60 cents -> 18
    expect(await requestPayout(db(), affiliate.id)).toMatchObject({
      ok: false,
      code: "below_minimum",
      message: "You can ask for a payout once you have earned $10.00.",
    });
    expect(await db().$count(affiliatePayouts)).toBe(0);
  });

  it("makes one request of 10 asked at once, for the whole balance", async () => {
    const { affiliate } = await affiliateWithCommission(10_000); // $40.00 -> $12.00
    const results = await Promise.all(Array.from({ length: 10 }, () => requestPayout(db(), affiliate.id)));
    expect(results.filter((result) => result.ok)).toEqual([
      { ok: true, payoutId: expect.any(String), amountCents: 1_200 },
    ]);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.code)).toEqual(
      Array.from({ length: 9 }, () => "already_requested"),
    );
  });
});

describe("an admin's answer", () => {
  it("pays into the affiliate's wallet once when approved 10 times at once", async () => {
    const admin = await createUser({ admin: true });
    const { affiliate } = await affiliateWithCommission(10_000);
    const request = await requestPayout(db(), affiliate.id);
    if (!request.ok) throw new Error(request.message);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        decidePayout(db(), { payoutId: request.payoutId, adminId: admin.id, pay: "wallet" }),
      ),
    );
    expect(results.filter((result) => result.ok)).toEqual([{ ok: true, status: "paid", amountCents: 1_200 }]);
    expect(await balanceOf(affiliate.id)).toBe(1_200);
    expect(await commissionBalance(affiliate.id)).toBe(0);
    expect(
      await db().$count(
        transactions,
        and(eq(transactions.userId, affiliate.id), eq(transactions.type, "bonus")),
      ),
    ).toBe(1);
    const [payout] = await db().select().from(affiliatePayouts);
    expect(payout).toMatchObject({ status: "paid", method: "wallet", adminId: admin.id });
    await expectBooksBalance();
  });

  it("marks a payout paid elsewhere with its reference, and the next request waits a week", async () => {
    const admin = await createUser({ admin: true });
    const { affiliate, customer } = await affiliateWithCommission(10_000);
    const request = await requestPayout(db(), affiliate.id);
    if (!request.ok) throw new Error(request.message);
    expect(
      await decidePayout(db(), {
        payoutId: request.payoutId,
        adminId: admin.id,
        pay: "elsewhere",
        reference: " ",
      }),
    ).toMatchObject({ ok: false, kind: "invalid", field: "reference" });
    expect(
      await decidePayout(db(), {
        payoutId: request.payoutId,
        adminId: admin.id,
        pay: "elsewhere",
        reference: "PAYPAL-7XY12",
      }),
    ).toEqual({ ok: true, status: "paid", amountCents: 1_200 });
    expect(await balanceOf(affiliate.id)).toBe(0);
    expect(await commissionBalance(affiliate.id)).toBe(0);
    const [payout] = await db().select().from(affiliatePayouts);
    expect(payout).toMatchObject({ method: "elsewhere", reference: "PAYPAL-7XY12" });

    // More commission within the week: the request waits.
    const more = await placeOrder(db(), {
      userId: customer.id,
      serviceId: await serviceId("Instagram Likes"),
      quantity: 10_000,
      targetLink: "https://www.instagram.com/p/Another1Post/",
      deliverySpeed: "normal",
    });
    expect(more.ok).toBe(true);
    expect(await requestPayout(db(), affiliate.id)).toMatchObject({ ok: false, code: "too_soon" });
    await expectBooksBalance();
  });

  it("refuses to pay a request a refund has since undercut; rejected, the affiliate may ask again", async () => {
    const admin = await createUser({ admin: true });
    const { affiliate, order } = await affiliateWithCommission(10_000);
    const request = await requestPayout(db(), affiliate.id);
    if (!request.ok) throw new Error(request.message);
    await setOrderStatus(db(), { orderId: order.id, status: "partial", refundCents: cents(500) });
    expect(await commissionBalance(affiliate.id)).toBe(1_050); // $35.00 net -> $10.50
    expect(
      await decidePayout(db(), { payoutId: request.payoutId, adminId: admin.id, pay: "wallet" }),
    ).toMatchObject({ ok: false, code: "balance_fell" });
    expect(
      await decidePayout(db(), { payoutId: request.payoutId, adminId: admin.id, reject: "Balance changed" }),
    ).toEqual({ ok: true, status: "rejected", amountCents: 1_200 });
    expect(
      await decidePayout(db(), { payoutId: request.payoutId, adminId: admin.id, pay: "wallet" }),
    ).toMatchObject({ ok: false, kind: "conflict" });
    expect(await requestPayout(db(), affiliate.id)).toMatchObject({ ok: true, amountCents: 1_050 });
    expect(await balanceOf(affiliate.id)).toBe(0);
    await expectBooksBalance();
  });

  it("lets a refund after a payout take the balance below zero, still balanced", async () => {
    const admin = await createUser({ admin: true });
    const { affiliate, order } = await affiliateWithCommission(10_000);
    const request = await requestPayout(db(), affiliate.id);
    if (!request.ok) throw new Error(request.message);
    await decidePayout(db(), { payoutId: request.payoutId, adminId: admin.id, pay: "wallet" });
    await setOrderStatus(db(), { orderId: order.id, status: "cancelled" });
    expect(await commissionBalance(affiliate.id)).toBe(-1_200);
    await expectBooksBalance();
  });
});
