import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog, affiliates, referrals } from "../../app/db/schema.ts";
import { affiliateCodeOf } from "../../app/domain/affiliates/affiliate-code.server.ts";
import { requestPayout } from "../../app/domain/affiliates/request-payout.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { settingDefaults } from "../../app/domain/settings/defaults.ts";
import { readSettings } from "../../app/domain/settings/read-settings.server.ts";
import { SETTINGS_TEXT } from "../../app/domain/settings/settings-form-text.ts";
import { saveSettingsFromForm } from "../../app/routes/admin.settings/save-settings-from-form.server.ts";
import { createUser, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// The affiliate programme's part of the Settings tab (product rules 16.10): validated, saved, audited, and in
// effect for the next order and payout request.

beforeEach(resetDatabase);

const programme = {
  affiliateCommissionPercent: "25",
  affiliateAttributionDays: "14",
  affiliateMinimumPayoutCents: "1.50",
  affiliatePayoutIntervalDays: "30",
  referralBonusCents: "3.75",
};

describe("the affiliate programme's settings", () => {
  it("starts from the defaults: 30%, 30 days, $10, weekly, a $2.50 referral bonus", async () => {
    expect(await readSettings(db())).toMatchObject({
      affiliateCommissionPercent: 30,
      affiliateAttributionDays: 30,
      affiliateMinimumPayoutCents: 1_000,
      affiliatePayoutIntervalDays: 7,
      referralBonusCents: 250,
    });
  });

  it("saves each value with an audit row, and a saved 25% and $1.50 minimum are what the next order and ask use", async () => {
    const admin = await createUser();
    const saved = await saveSettingsFromForm(db(), {
      adminId: admin.id,
      part: "affiliates",
      form: programme,
    });
    expect(saved).toMatchObject({ ok: true, notice: { message: "5 setting(s) changed." } });
    expect(await readSettings(db())).toMatchObject({
      affiliateCommissionPercent: 25,
      affiliateAttributionDays: 14,
      affiliateMinimumPayoutCents: 150,
      affiliatePayoutIntervalDays: 30,
      referralBonusCents: 375,
    });
    const audit = await db()
      .select({ key: adminAuditLog.subjectId, details: adminAuditLog.details })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "settings.update"));
    expect(audit).toEqual(
      expect.arrayContaining([
        { key: "affiliateCommissionPercent", details: { from: 30, to: 25 } },
        { key: "referralBonusCents", details: { from: settingDefaults.referralBonusCents, to: 375 } },
      ]),
    );

    // A referred customer's $4 order now earns 25%: $1.00, which the $1.50 minimum still refuses...
    const affiliate = await createUser();
    await affiliateCodeOf(db(), affiliate.id);
    const customer = await createUser({ fundsCents: 1_000 });
    await db().insert(referrals).values({ referredUserId: customer.id, affiliateId: affiliate.id });
    const order = async (post: string) => {
      const placed = await placeOrder(db(), {
        userId: customer.id,
        serviceId: await serviceId("Instagram Likes"),
        quantity: 1_000,
        targetLink: `https://www.instagram.com/p/${post}/`,
        deliverySpeed: "normal",
      });
      if (!placed.ok) throw new Error(placed.message);
    };
    await order("SettingsA111");
    const balance = async () =>
      (await db().select().from(affiliates).where(eq(affiliates.userId, affiliate.id)))[0]!.balanceCents;
    expect(await balance()).toBe(100);
    expect(await requestPayout(db(), affiliate.id)).toMatchObject({
      ok: false,
      message: "You can ask for a payout once you have earned $1.50.",
    });
    // ...and a second order's $1.00 reaches it.
    await order("SettingsB222");
    expect(await requestPayout(db(), affiliate.id)).toMatchObject({ ok: true, amountCents: 200 });
  });

  it("refuses values out of range, each beside its field, and saves nothing", async () => {
    const admin = await createUser();
    const refused = await saveSettingsFromForm(db(), {
      adminId: admin.id,
      part: "affiliates",
      form: {
        affiliateCommissionPercent: "91",
        affiliateAttributionDays: "0",
        affiliateMinimumPayoutCents: "0.50",
        affiliatePayoutIntervalDays: "7.5",
        referralBonusCents: "100.01",
      },
    });
    expect(refused).toMatchObject({
      ok: false,
      title: SETTINGS_TEXT.settingsSaveFailed,
      fieldErrors: {
        affiliateCommissionPercent: SETTINGS_TEXT.badCommissionPercent,
        affiliateAttributionDays: SETTINGS_TEXT.badAttributionDays,
        affiliateMinimumPayoutCents: SETTINGS_TEXT.badMinimumPayout,
        affiliatePayoutIntervalDays: SETTINGS_TEXT.badPayoutInterval,
        referralBonusCents: SETTINGS_TEXT.badReferralBonus,
      },
    });
    expect(await db().$count(adminAuditLog)).toBe(0);
    expect((await readSettings(db())).affiliateCommissionPercent).toBe(30);
  });
});
