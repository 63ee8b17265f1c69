import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { attributeSignUp } from "../../app/domain/affiliates/attribute-sign-up.server.ts";
import { findAffiliateLedgerMismatches } from "../../app/domain/affiliates/check-affiliate-ledger.server.ts";
import { decidePayout } from "../../app/domain/affiliates/decide-payout.server.ts";
import { readAffiliateSummary } from "../../app/domain/affiliates/read-affiliate-summary.server.ts";
import { recordReferralVisit } from "../../app/domain/affiliates/record-referral-visit.server.ts";
import { requestPayout } from "../../app/domain/affiliates/request-payout.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, fundWallet, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// The affiliate programme end to end at the domain's level (docs/decisions/056; the browser journey is to come):
// A shares a link, browsers visit, B signs up and orders, A is paid, B's partial refund takes back its share.

beforeEach(resetDatabase);

describe("an affiliate's programme, from link to payout", () => {
  it("shows visits, sign-ups, conversions, earnings and payouts as they happen", async () => {
    const a = await createUser();
    const admin = await createUser({ admin: true });
    const { code, linkPath, visits } = await readAffiliateSummary(db(), a.id);
    expect(linkPath).toBe(`/r/${code}`);
    expect(visits).toBe(0);

    const browsers = [];
    for (let i = 0; i < 3; i++) {
      const visit = await recordReferralVisit(db(), { code, visitorId: null, clientIp: null });
      if (!visit.counted) throw new Error("visit not counted");
      browsers.push(visit.visitorId);
    }
    const b = await createUser();
    const c = await createUser();
    expect(
      await attributeSignUp(db(), { userId: b.id, visitorId: browsers[0]!, ipAddress: "203.0.113.2" }),
    ).toEqual({ attributed: true, affiliateId: a.id });
    await attributeSignUp(db(), { userId: c.id, visitorId: browsers[1]!, ipAddress: "203.0.113.3" });

    await fundWallet(b.id, 5_000);
    const order = await placeOrder(db(), {
      userId: b.id,
      serviceId: await serviceId("Instagram Likes"),
      quantity: 10_000, // $40.00: $12.00 commission
      targetLink: "https://www.instagram.com/p/C0ffeeBean12/",
      deliverySpeed: "normal",
    });
    if (!order.ok) throw new Error(order.message);
    expect(await readAffiliateSummary(db(), a.id)).toMatchObject({
      visits: 3,
      signUps: 2,
      conversions: 1,
      earnedCents: 1_200,
      reversedCents: 0,
      paidOutCents: 0,
      balanceCents: 1_200,
      payouts: [],
    });

    const request = await requestPayout(db(), a.id);
    if (!request.ok) throw new Error(request.message);
    await decidePayout(db(), { payoutId: request.payoutId, adminId: admin.id, pay: "wallet" });
    expect(await balanceOf(a.id)).toBe(1_200);

    // B's partial refund of $5.00 takes back $1.50 of commission already paid: A's balance owes it.
    await setOrderStatus(db(), { orderId: order.order.id, status: "partial", refundCents: cents(500) });
    expect(await readAffiliateSummary(db(), a.id)).toMatchObject({
      earnedCents: 1_050,
      reversedCents: 150,
      paidOutCents: 1_200,
      balanceCents: -150,
      payouts: [{ amountCents: 1_200, status: "paid", method: "wallet", reference: null }],
    });
    expect(await findAffiliateLedgerMismatches(db())).toEqual([]);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });
});
