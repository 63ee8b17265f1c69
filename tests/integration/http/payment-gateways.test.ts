import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { paymentGateways, sessions } from "../../../app/db/schema.ts";
import { FRESH_CODE_MINUTES, TWO_FACTOR_TEXT } from "../../../app/domain/accounts/two-factor-text.ts";
import { GATEWAY_SETUP_TEXT } from "../../../app/domain/payments/gateway-setup.ts";
import { type FakeBtcpay, startFakeBtcpay } from "../../support/fake-btcpay.ts";
import { signedInAdmin, type Visitor, visibleText } from "../../support/http.ts";

/** The admin's payments page (product rules 16.35-16.39) over HTTP, as its forms post. */

let btcpay: FakeBtcpay;
beforeAll(async () => {
  btcpay = await startFakeBtcpay();
  // The app servers share one database: start from no gateway set up.
  await db().delete(paymentGateways);
});
afterAll(async () => {
  await db().delete(paymentGateways);
  await btcpay.close();
});

function saveBtcpay(visitor: Visitor, extra: Record<string, string> = {}, path = "/admin/payments.data") {
  return visitor.request(path, {
    form: {
      intent: "save",
      gateway: "btcpay",
      serverUrl: btcpay.url,
      storeId: btcpay.storeId,
      apiKey: btcpay.apiKey,
      webhookSecret: btcpay.webhookSecret,
      feePercent: "1",
      feeFixed: "0",
      minDeposit: "",
      maxDeposit: "",
      ...extra,
    },
  });
}

async function storedBtcpay() {
  const [row] = await db().select().from(paymentGateways).where(eq(paymentGateways.gateway, "btcpay"));
  return row;
}

describe("the admin's payments page", () => {
  it("saves a gateway with its keys sealed, shows only their last four characters, and tests its connection", async () => {
    const admin = await signedInAdmin();
    expect((await saveBtcpay(admin.visitor)).status).toBeLessThan(400);
    // Saved off: the servers here are shared, and a gateway turned on would show on every other test's wallet.
    expect(await storedBtcpay()).toMatchObject({ enabled: false, feeBasisPoints: 100 });

    const page = await (await admin.visitor.request("/admin/payments")).text();
    expect(page).not.toContain(btcpay.apiKey);
    expect(page).not.toContain(btcpay.webhookSecret);
    expect(visibleText(page)).toContain("Crypto (BTCPay Server)");
    expect(page).toContain(`Stored: ends in ${btcpay.apiKey.slice(-4)}`);

    const tested = await admin.visitor.request("/admin/payments.data", {
      form: { intent: "test-connection", gateway: "btcpay" },
    });
    expect(await tested.text()).toContain("Boostly test store");
  });

  it("refuses a malformed setup beside its field, and a save without a recent code, changing nothing", async () => {
    const admin = await signedInAdmin();
    const refused = await saveBtcpay(admin.visitor, {
      serverUrl: "http://pay.example.com",
      storeId: "changed",
    });
    expect(await refused.text()).toContain(GATEWAY_SETUP_TEXT.invalidUrl);
    expect((await storedBtcpay())?.settings.storeId).not.toBe("changed");

    await db()
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(mins => ${FRESH_CODE_MINUTES + 5})` })
      .where(eq(sessions.userId, admin.id));
    const page = visibleText(await (await admin.visitor.request("/admin/payments")).text());
    expect(page).toContain(TWO_FACTOR_TEXT.confirmLabel);
    const uncoded = await saveBtcpay(admin.visitor, { storeId: "changed" });
    expect(await uncoded.text()).toContain(TWO_FACTOR_TEXT.confirmNeeded);
    expect((await storedBtcpay())?.settings.storeId).not.toBe("changed");
  });

  it("is closed to support, who cannot see or change where the money goes", async () => {
    const support = await signedInAdmin({ role: "support" });
    const page = await support.visitor.request("/admin/payments");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/tickets");
    expect((await saveBtcpay(support.visitor, { storeId: "by-support" }, "/admin/payments")).status).toBe(
      403,
    );
    expect((await storedBtcpay())?.settings.storeId).not.toBe("by-support");
  });
});
