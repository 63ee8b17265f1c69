import "../support/worker-database.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { bannerSettings, paymentGateways } from "../../app/db/schema.ts";
import { readActiveBanner } from "../../app/domain/content/banner.server.ts";
import { readSiteFrame } from "../../app/domain/content/read-site-frame.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { settingDefaults } from "../../app/domain/settings/defaults.ts";
import { readSettings } from "../../app/domain/settings/read-settings.server.ts";
import { saveSettings } from "../../app/domain/settings/save-settings.server.ts";
import { saveBannerFromForm } from "../../app/routes/admin.banner/save-banner-from-form.server.ts";
import { createUser } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// The listed platforms drizzle/0020 creates, in their order (the header's five first); "other" is unlisted.
const SEEDED_MENU_PLATFORMS = [
  { slug: "instagram", name: "Instagram" },
  { slug: "tiktok", name: "TikTok" },
  { slug: "threads", name: "Threads" },
  { slug: "youtube", name: "YouTube" },
  { slug: "spotify", name: "Spotify" },
  { slug: "facebook", name: "Facebook" },
  { slug: "twitter", name: "Twitter" },
];

// The root loader's one statement (docs/decisions/029-lean-request-path.md) reads what readSettings and
// readActiveBanner read, fresh on every call: an admin's change is on the very next page.
describe("the site frame (settings, banner and the menus' platforms in one statement)", () => {
  beforeEach(resetDatabase);

  it("is the defaults while nothing is stored", async () => {
    await db().delete(bannerSettings);
    expect(await readSiteFrame(db())).toEqual({
      settings: settingDefaults,
      banner: null,
      platforms: SEEDED_MENU_PLATFORMS,
      gateways: [],
    });
  });

  it("reads exactly what the separate reads read, and sees each save on the next call", async () => {
    const admin = await createUser();
    const first = await readSiteFrame(db());
    expect(first).toEqual({
      settings: await readSettings(db()),
      banner: await readActiveBanner(db()),
      platforms: SEEDED_MENU_PLATFORMS,
      gateways: [],
    });

    await saveSettings(db(), {
      adminId: admin.id,
      values: { maintenanceMode: true, supportEmail: "help@example.test", minDepositCents: cents(700) },
    });
    await saveBannerFromForm(db(), {
      adminId: admin.id,
      form: { text: "Summer sale", enabled: "on", type: "success" },
    });
    const saved = await readSiteFrame(db());
    expect(saved.settings).toEqual(await readSettings(db()));
    expect(saved.settings).toMatchObject({
      maintenanceMode: true,
      supportEmail: "help@example.test",
      minDepositCents: 700,
    });
    expect(saved.banner).toEqual({ text: "Summer sale", type: "success" });

    await saveBannerFromForm(db(), { adminId: admin.id, form: { text: "Summer sale", type: "success" } });
    await saveSettings(db(), { adminId: admin.id, values: { maintenanceMode: false } });
    const after = await readSiteFrame(db());
    expect(after.banner).toBeNull();
    expect(after.settings.maintenanceMode).toBe(false);

    // A gateway's switch, as the Payments page saves it (product rules 16.35): on the next page's frame.
    await db().insert(paymentGateways).values({ gateway: "btcpay", enabled: false });
    expect((await readSiteFrame(db())).gateways).toEqual([{ gateway: "btcpay", enabled: false }]);
  });
});
