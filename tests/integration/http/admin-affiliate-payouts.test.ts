import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { adminAuditLog, affiliatePayouts, referrals, sessions } from "../../../app/db/schema.ts";
import { FRESH_CODE_MINUTES, TWO_FACTOR_TEXT } from "../../../app/domain/accounts/two-factor-text.ts";
import { affiliateCodeOf } from "../../../app/domain/affiliates/affiliate-code.server.ts";
import { PAYOUT_TEXT } from "../../../app/domain/affiliates/payout-text.ts";
import { requestPayout } from "../../../app/domain/affiliates/request-payout.server.ts";
import { placeOrder } from "../../../app/domain/orders/place-order.server.ts";
import { findLedgerMismatches } from "../../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, fundWallet, serviceId } from "../../support/factories.ts";
import { createAccount, signedInAdmin, type Visitor, visibleText } from "../../support/http.ts";
import { signInCodeFor } from "../../support/two-factor.ts";

// The admin's payout screen (product rules 16.14) over HTTP: the list, the three answers, the code a payment asks
// for, and what support sees. Paying once under racing approvals is the domain's test
// (tests/integration/affiliates-payouts.test.ts); the dialogs are the browser journey's.

/** An affiliate with an open request for $12.00 (a referred customer's $40 order at 30%). */
async function openRequest(post: string) {
  const affiliate = await createAccount();
  await affiliateCodeOf(db(), affiliate.id);
  const referred = await createAccount();
  await db().insert(referrals).values({ referredUserId: referred.id, affiliateId: affiliate.id });
  await fundWallet(referred.id, 4_000);
  const placed = await placeOrder(db(), {
    userId: referred.id,
    serviceId: await serviceId("Instagram Likes"),
    quantity: 10_000,
    targetLink: `https://www.instagram.com/p/${post}/`,
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  const asked = await requestPayout(db(), affiliate.id);
  if (!asked.ok) throw new Error(asked.message);
  return { affiliate, referred, payoutId: asked.payoutId };
}

function answer(visitor: Visitor, form: Record<string, string>) {
  return visitor.request("/admin/affiliate-payouts.data", { form });
}

async function statusOf(payoutId: string) {
  const [row] = await db().select().from(affiliatePayouts).where(eq(affiliatePayouts.id, payoutId));
  return row!;
}

describe("/admin/affiliate-payouts", () => {
  it("lists an open request with its answers; paying into the wallet asks for a code once the sign-in's is old", async () => {
    const admin = await signedInAdmin();
    const { affiliate, payoutId } = await openRequest("AdmPayWallet1");
    const page = visibleText(await (await admin.visitor.request("/admin/affiliate-payouts")).text());
    expect(page).toContain(affiliate.email);
    expect(page).toContain("$12.00");
    expect(page).toContain("Pay to Wallet");

    await db()
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(mins => ${FRESH_CODE_MINUTES + 5})` })
      .where(eq(sessions.userId, admin.id));
    const missing = await answer(admin.visitor, { intent: "pay-wallet", payoutId });
    expect(await missing.text()).toContain(TWO_FACTOR_TEXT.confirmNeeded);
    expect((await statusOf(payoutId)).status).toBe("requested");
    expect(await balanceOf(affiliate.id)).toBe(0);

    const paid = await answer(admin.visitor, {
      intent: "pay-wallet",
      payoutId,
      secondFactorCode: (await signInCodeFor(admin.email)) ?? "",
    });
    expect(await paid.text()).toContain(PAYOUT_TEXT.paidToWallet(1_200));
    expect(await balanceOf(affiliate.id)).toBe(1_200);
    expect(await statusOf(payoutId)).toMatchObject({ status: "paid", method: "wallet", adminId: admin.id });
    const again = await answer(admin.visitor, { intent: "pay-wallet", payoutId });
    expect(await again.text()).toContain(PAYOUT_TEXT.alreadyDecided);
    expect(await balanceOf(affiliate.id)).toBe(1_200);
    const audit = await db()
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.subjectId, affiliate.id));
    expect(audit).toEqual([{ action: "affiliate.payout_paid" }]);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("records a payment made elsewhere only with its reference, and a rejection only with its reason", async () => {
    const admin = await signedInAdmin();
    const elsewhere = await openRequest("AdmPayElse01");
    const noReference = await answer(admin.visitor, {
      intent: "pay-elsewhere",
      payoutId: elsewhere.payoutId,
      reference: " ",
    });
    expect(await noReference.text()).toContain(PAYOUT_TEXT.referenceRequired);
    await answer(admin.visitor, {
      intent: "pay-elsewhere",
      payoutId: elsewhere.payoutId,
      reference: "BANK-778",
    });
    expect(await statusOf(elsewhere.payoutId)).toMatchObject({
      status: "paid",
      method: "elsewhere",
      reference: "BANK-778",
    });
    expect(await balanceOf(elsewhere.affiliate.id)).toBe(0);

    const rejected = await openRequest("AdmPayReject");
    const noReason = await answer(admin.visitor, {
      intent: "reject",
      payoutId: rejected.payoutId,
      reason: "",
    });
    expect(await noReason.text()).toContain(PAYOUT_TEXT.reasonRequired);
    await answer(admin.visitor, {
      intent: "reject",
      payoutId: rejected.payoutId,
      reason: "Suspicious orders",
    });
    expect(await statusOf(rejected.payoutId)).toMatchObject({
      status: "rejected",
      reference: "Suspicious orders",
    });

    const page = visibleText(await (await admin.visitor.request("/admin/affiliate-payouts")).text());
    expect(page).toContain("Paid (reference BANK-778)");
    expect(page).toContain("Rejected: Suspicious orders");
  });

  it("shows support the requests without the answers, and refuses support's answer", async () => {
    const support = await signedInAdmin({ role: "support" });
    const { affiliate, payoutId } = await openRequest("AdmPaySupp01");
    const page = visibleText(await (await support.visitor.request("/admin/affiliate-payouts")).text());
    expect(page).toContain(affiliate.email);
    expect(page).not.toContain("Pay to Wallet");
    const refused = await answer(support.visitor, { intent: "reject", payoutId, reason: "No" });
    expect(refused.status).toBe(403);
    expect((await statusOf(payoutId)).status).toBe("requested");
  });

  it("shows the referral on the users' admin pages: who referred the customer, and the affiliate's figures", async () => {
    const admin = await signedInAdmin();
    const { affiliate, referred } = await openRequest("AdmReferral1");
    const customerPage = visibleText(
      await (await admin.visitor.request(`/admin/users/${referred.id}`)).text(),
    );
    expect(customerPage).toContain(`Referred by${affiliate.email}`);
    expect(customerPage).toContain("Affiliate linkNever asked for");
    const affiliatePage = visibleText(
      await (await admin.visitor.request(`/admin/users/${affiliate.id}`)).text(),
    );
    expect(affiliatePage).toContain("Referred byNobody");
    expect(affiliatePage).toContain("Visits, sign-ups, customers who ordered0, 1, 1");
    expect(affiliatePage).toContain("Commission balance$12.00");
  });
});
