import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deposits } from "../../app/db/schema.ts";
import { GATEWAY_SETUP_TEXT } from "../../app/domain/payments/gateway-setup.ts";
import { REVIEW_RESULT_LABELS } from "../../app/domain/payments/manual-deposit-text.ts";
import { type Browser, launchBrowser, type Page } from "../support/chromium.ts";
import { type BtcpayDelivery, type FakeBtcpay, startFakeBtcpay } from "../support/fake-btcpay.ts";
import { type OwnShop, startOwnShop } from "../support/own-shop.ts";

// Crypto deposits in Chromium (product rules 16.35-16.38, docs/decisions/060, 061): an admin sets up a BTCPay
// Server on the Payments page; a customer pays invoices in full, short, late and twice. On a shop of its own: a
// gateway turned on shows on every wallet and footer of the shop.

let browser: Browser;
let btcpay: FakeBtcpay;
let shop: OwnShop;

beforeAll(async () => {
  btcpay = await startFakeBtcpay();
  shop = await startOwnShop({ databaseName: "boostly_crypto_deposit" });
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await btcpay?.close();
});

async function deliver(delivery: BtcpayDelivery) {
  const response = await fetch(`${shop.appUrl}/api/webhooks/btcpay`, {
    method: "POST",
    headers: delivery.headers,
    body: delivery.rawBody,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { result?: string; duplicate?: boolean };
}

/** Adds funds with Crypto on the wallet and returns the invoice the customer was sent to. */
async function payWithCrypto(page: Page, dollars: string, invoiced = `${dollars}.00`): Promise<string> {
  await shop.open(page, "/wallet");
  const main = page.getByRole("main");
  await main
    .getByRole("group", { name: "Pay with" })
    .getByRole("radio", { name: /^Crypto/ })
    .check();
  await main.getByLabel("Amount (USD)").fill(dollars);
  await main.getByRole("button", { name: "Add Funds" }).click();
  await page.waitForURL((url) => url.href.startsWith(`${btcpay.url}/i/`));
  await page.getByText(`Pay ${invoiced} USD`).waitFor();
  return (await page.getByTestId("invoice-id").textContent()) ?? "";
}

describe("crypto deposits through a BTCPay Server", () => {
  it("are set up by an admin, then paid in full, short, late and twice: credited once each time it is owed, the rest on the review list", async () => {
    const admin = await shop.account({ admin: true });
    const adminPage = await shop.signedInPage(browser, admin, 1366);
    await shop.open(adminPage.page, "/admin/payments");
    const card = adminPage.page.getByTestId("gateway-btcpay");
    await expect.poll(() => card.getByText("Not set up").count()).toBe(1);
    await card.getByLabel("Take deposits through this gateway").check();
    await card.getByLabel("Server URL").fill("http://pay.example.com");
    await card.getByLabel("Store ID").fill(btcpay.storeId);
    await card.getByLabel("API key").fill(btcpay.apiKey);
    await card.getByLabel("Webhook secret").fill(btcpay.webhookSecret);
    await card.getByRole("button", { name: "Save Crypto (BTCPay Server)" }).click();
    await expect.poll(() => card.getByText(GATEWAY_SETUP_TEXT.invalidUrl).count()).toBe(1);
    await card.getByLabel("Server URL").fill(btcpay.url);
    await card.getByLabel("API key").fill(btcpay.apiKey);
    await card.getByLabel("Webhook secret").fill(btcpay.webhookSecret);
    await card.getByRole("button", { name: "Save Crypto (BTCPay Server)" }).click();
    await expect.poll(() => adminPage.page.getByText(GATEWAY_SETUP_TEXT.saved).count()).toBeGreaterThan(0);
    await expect.poll(() => card.getByText("On", { exact: true }).count()).toBe(1);
    expect(await adminPage.page.content()).not.toContain(btcpay.apiKey);
    await card.getByRole("button", { name: "Test connection: Crypto (BTCPay Server)" }).click();
    await expect
      .poll(() => card.getByRole("status").textContent())
      .toContain('store "Boostly test store" found');

    const customer = await shop.account({});
    const { page, assertNoConsoleErrors } = await shop.signedInPage(browser, customer, 390);
    // Paid in full: the settled invoice's delivery credits it once, a redelivery changes nothing.
    const full = await payWithCrypto(page, "25");
    btcpay.pay(full, 2_500);
    btcpay.setStatus(full, "Settled");
    const settled = btcpay.delivery("InvoiceSettled", full, { overPaid: false });
    expect(await deliver(settled)).toMatchObject({ result: "credited" });
    expect(await deliver(btcpay.redelivery(settled))).toMatchObject({ duplicate: true });
    await page.getByRole("link", { name: "Return to the shop" }).click();
    await page.waitForURL((url) => url.pathname === "/wallet");
    await expect.poll(() => page.getByTestId("wallet-balance").textContent()).toBe("$25.00");
    expect(await page.getByTestId("wallet-transaction").first().textContent()).toContain("Crypto deposit");

    // Paid short, then the invoice expired: nothing credited, the deposit still waits, an admin is told.
    const short = await payWithCrypto(page, "20");
    btcpay.pay(short, 1_000);
    btcpay.setStatus(short, "Expired");
    expect(await deliver(btcpay.delivery("InvoiceExpired", short, { partiallyPaid: true }))).toMatchObject({
      result: "amount_mismatch",
    });
    // Expired unpaid, then paid late: nothing credited to a closed deposit, an admin is told.
    const late = await payWithCrypto(page, "30");
    btcpay.setStatus(late, "Expired");
    expect(await deliver(btcpay.delivery("InvoiceExpired", late, { partiallyPaid: false }))).toMatchObject({
      result: "expired",
    });
    btcpay.pay(late, 3_000);
    expect(
      await deliver(btcpay.delivery("InvoiceReceivedPayment", late, { afterExpiration: true })),
    ).toMatchObject({ result: "paid_after_closing" });
    // Paid twice: credited the amount once, the surplus for an admin.
    const twice = await payWithCrypto(page, "10");
    btcpay.pay(twice, 1_000);
    btcpay.pay(twice, 1_000);
    btcpay.setStatus(twice, "Settled");
    expect(await deliver(btcpay.delivery("InvoiceSettled", twice, { overPaid: true }))).toMatchObject({
      result: "credited_overpaid",
    });
    await shop.open(page, "/wallet");
    await expect.poll(() => page.getByTestId("wallet-balance").textContent()).toBe("$35.00");
    const statuses = await shop.db
      .select({ status: deposits.status })
      .from(deposits)
      .where(eq(deposits.userId, customer.id));
    expect(statuses.map((row) => row.status).sort()).toEqual([
      "completed",
      "completed",
      "expired",
      "pending",
    ]);

    // The admin's review list names the three.
    await shop.open(adminPage.page, "/admin/payments/review");
    const main = adminPage.page.getByRole("main");
    for (const result of ["amount_mismatch", "paid_after_closing", "credited_overpaid"]) {
      await expect
        .poll(() => main.getByText(REVIEW_RESULT_LABELS[result]!).count(), { message: result })
        .toBeGreaterThan(0);
    }

    // A fee set on the Payments page is stated under the choice before the customer pays (product rules 16.39).
    await shop.open(adminPage.page, "/admin/payments");
    const setup = adminPage.page.getByTestId("gateway-btcpay");
    await setup.getByLabel("Fee (%)").fill("1");
    await setup.getByLabel("Fixed fee ($)").fill("0.30");
    await setup.getByRole("button", { name: "Save Crypto (BTCPay Server)" }).click();
    await expect.poll(() => adminPage.page.getByText(GATEWAY_SETUP_TEXT.saved).count()).toBeGreaterThan(0);
    await shop.open(page, "/wallet");
    const crypto = page
      .getByRole("group", { name: "Pay with" })
      .locator("label")
      .filter({ hasText: "Crypto" });
    await expect
      .poll(() => crypto.textContent())
      .toContain("Fee 1% + $0.30, added to the amount at checkout");
    const withFee = await payWithCrypto(page, "10", "10.40");
    expect(btcpay.invoices.get(withFee)?.amount).toBe("10.40");
    assertNoConsoleErrors();
    adminPage.assertNoConsoleErrors();
  });
});
