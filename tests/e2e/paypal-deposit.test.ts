import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { fakePaypalControl } from "../support/fake-paypal.ts";
import { appUrl, createAccount } from "../support/http.ts";

// The customer's PayPal deposit in a real browser (product rules 16.40-16.44): chosen on /wallet, approved on the
// (fake) PayPal's page, captured on the way back, and then harmless however often PayPal reports it again.
const paypalUrl = inject("paypalUrl");
const paypal = fakePaypalControl(paypalUrl);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

/** A new customer signed in on `path` (the fixture sign-in: tests/support/browser-sign-in.ts). */
async function signInTo(page: Page, path: string) {
  const account = await createAccount();
  await signInAs(page, account, path);
  return account;
}

describe("a PayPal deposit", () => {
  it("is chosen on the wallet, approved at PayPal, credited once on the way back, and a replayed webhook changes nothing", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    await signInTo(page, "/wallet");
    const main = page.getByRole("main");
    await page.getByText("No transactions yet").waitFor();

    // Two gateways: the choice is shown, the first one chosen; the customer picks PayPal.
    const choice = main.getByRole("group", { name: "Pay with" });
    expect(await choice.getByRole("radio").count()).toBe(2);
    expect(await choice.getByRole("radio", { name: /^Card/ }).isChecked()).toBe(true);
    await choice.getByRole("radio", { name: /^PayPal/ }).check();
    await main.getByLabel("Amount (USD)").fill("25");
    await main.getByRole("button", { name: "Add Funds" }).click();

    // PayPal's approval page, then back to the shop, which captures the order.
    await page.waitForURL((url) => url.href.startsWith(`${paypalUrl}/checkoutnow`));
    const orderId = new URL(page.url()).searchParams.get("token")!;
    await page.getByText("Pay USD 25.00 to Boostly").waitFor();
    await page.getByRole("button", { name: "Approve payment" }).click();

    await page.waitForURL(/\/wallet\?payment=success/);
    await page.getByText("Payment Successful!").waitFor();
    expect(await page.getByTestId("wallet-balance").textContent()).toBe("$25.00");
    const line = page.getByTestId("wallet-transaction").first();
    expect(await line.textContent()).toContain("PayPal deposit");
    expect(await line.textContent()).toContain("+$25.00");
    expect((await paypal.order(orderId))?.status).toBe("COMPLETED");

    // PayPal's own report of the capture, delivered and then redelivered: already settled, nothing moves.
    const reported = await paypal.sendWebhook(`${appUrl}/api/webhooks/paypal`, {
      type: "PAYMENT.CAPTURE.COMPLETED",
      orderId,
    });
    expect(reported).toMatchObject({ status: 200, body: { result: "already_settled" } });
    const replayed = await paypal.sendWebhook(`${appUrl}/api/webhooks/paypal`, {
      type: "PAYMENT.CAPTURE.COMPLETED",
      orderId,
      eventId: reported.eventId,
    });
    expect(replayed).toMatchObject({ status: 200, body: { duplicate: true } });

    await page.waitForURL((url) => url.pathname === "/wallet" && url.search === "");
    await page.reload();
    expect(await page.getByTestId("wallet-balance").textContent()).toBe("$25.00");
    expect(await page.getByTestId("wallet-transaction").count()).toBe(1);
    assertNoConsoleErrors();
  });

  it("comes back from a cancelled approval with nothing taken", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    await signInTo(page, "/wallet");
    const main = page.getByRole("main");
    await main.getByRole("radio", { name: /^PayPal/ }).check();
    await main.getByLabel("Amount (USD)").fill("40");
    await main.getByRole("button", { name: "Add Funds" }).click();
    await page.waitForURL((url) => url.href.startsWith(`${paypalUrl}/checkoutnow`));
    await page.getByRole("link", { name: "Cancel and return to Boostly" }).click();
    await page.waitForURL((url) => url.href === `${appUrl}/wallet`);
    expect(await page.getByTestId("wallet-balance").textContent()).toBe("$0.00");
    await page.getByText("No transactions yet").waitFor();
    assertNoConsoleErrors();
  });
});
