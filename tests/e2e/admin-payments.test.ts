import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { paymentGateways } from "../../app/db/schema.ts";
import { GATEWAY_SETUP_TEXT } from "../../app/domain/payments/gateway-setup.ts";
import { openAdminPage } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser } from "../support/chromium.ts";
import { type FakeBtcpay, startFakeBtcpay } from "../support/fake-btcpay.ts";

// The admin's Payments page in Chromium (product rules 16.35-16.39): a gateway set up, refused in place, tested.

let browser: Browser;
let btcpay: FakeBtcpay;

beforeAll(async () => {
  btcpay = await startFakeBtcpay();
  await db().delete(paymentGateways).where(eq(paymentGateways.gateway, "btcpay"));
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
  await btcpay?.close();
  // The servers share one database: leave no gateway set up for other files.
  await db().delete(paymentGateways).where(eq(paymentGateways.gateway, "btcpay"));
});

describe("the admin's payments page", () => {
  it("sets up a BTCPay Server: a wrong address refused beside its field, then saved with its keys hidden, and tested", async () => {
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Payments" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/payments");
    const card = page.getByTestId("gateway-btcpay");
    await expect.poll(() => card.getByText("Not set up").count()).toBe(1);

    await card.getByLabel("Take deposits through this gateway").check();
    await card.getByLabel("Server URL").fill("http://pay.example.com");
    await card.getByLabel("Store ID").fill(btcpay.storeId);
    await card.getByLabel("API key").fill(btcpay.apiKey);
    await card.getByLabel("Webhook secret").fill(btcpay.webhookSecret);
    await card.getByLabel("Fee (%)").fill("1.5");
    await card.getByRole("button", { name: "Save Crypto (BTCPay Server)" }).click();
    await expect.poll(() => card.getByText(GATEWAY_SETUP_TEXT.invalidUrl).count()).toBe(1);
    expect(await db().$count(paymentGateways, eq(paymentGateways.gateway, "btcpay"))).toBe(0);

    // The refused form keeps what was typed but the secrets, typed again.
    await card.getByLabel("Server URL").fill(btcpay.url);
    await card.getByLabel("API key").fill(btcpay.apiKey);
    await card.getByLabel("Webhook secret").fill(btcpay.webhookSecret);
    await card.getByRole("button", { name: "Save Crypto (BTCPay Server)" }).click();
    await expect.poll(() => page.getByText(GATEWAY_SETUP_TEXT.saved).count()).toBeGreaterThan(0);
    await expect.poll(() => card.getByText("On", { exact: true }).count()).toBe(1);
    expect(await card.getByLabel("API key").inputValue()).toBe("");
    expect(await card.getByLabel("API key").getAttribute("placeholder")).toBe(
      `Stored: ends in ${btcpay.apiKey.slice(-4)}`,
    );
    expect(await page.content()).not.toContain(btcpay.apiKey);

    await card.getByRole("button", { name: "Test connection: Crypto (BTCPay Server)" }).click();
    await expect
      .poll(() => card.getByRole("status").textContent())
      .toContain('Connection successful: BTCPay Server answered: store "Boostly test store" found.');
    const [stored] = await db().select().from(paymentGateways).where(eq(paymentGateways.gateway, "btcpay"));
    expect(stored).toMatchObject({ enabled: true, feeBasisPoints: 150, settings: { serverUrl: btcpay.url } });
    assertNoConsoleErrors();
  });
});
