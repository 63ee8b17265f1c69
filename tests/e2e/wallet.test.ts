import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { expectSaidOnce } from "../support/field-message.ts";
import { appUrl, createAccount } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

async function signInTo(page: Page, path: string) {
  const account = await createAccount();
  await page.goto(`${appUrl}/login?next=${encodeURIComponent(path)}`);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(account.email);
  await main.getByLabel("Password", { exact: true }).fill(account.password);
  await main.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === path);
  return account;
}

async function startDeposit(page: Page, dollars: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Amount (USD)").fill(dollars);
  await main.getByRole("button", { name: "Add Funds" }).click();
  await page.waitForURL(/\/sandbox-checkout\//);
}

// Returning to `next` after a successful payment: the order journey in order-pages.test.ts.
describe("adding funds", () => {
  it("pays $25 on the sandbox checkout and sees it in the wallet", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    await signInTo(page, "/wallet");
    await page.getByText("No transactions yet").waitFor();
    expect(await page.getByTestId("wallet-balance").textContent()).toBe("$0.00");

    await page.getByRole("button", { name: "$25", exact: true }).click();
    expect(await page.getByLabel("Amount (USD)").inputValue()).toBe("25");
    await page.getByRole("main").getByRole("button", { name: "Add Funds" }).click();
    await page.waitForURL(/\/sandbox-checkout\//);
    await page.getByText("Boostly", { exact: true }).first().waitFor();
    await page.getByRole("button", { name: "Pay $25.00" }).click();

    await page.waitForURL(/\/wallet\?payment=success/);
    await page.getByText("Payment Successful!").waitFor();
    expect(await page.getByTestId("wallet-balance").textContent()).toBe("$25.00");
    const deposit = page.getByTestId("wallet-transaction").first();
    expect(await deposit.textContent()).toContain("Card deposit");
    expect(await deposit.textContent()).toContain("+$25.00");
    // After 2 seconds the page refreshes itself and drops the query.
    await page.waitForURL((url) => url.pathname === "/wallet" && url.search === "");
    expect(await page.getByTestId("wallet-balance").textContent()).toBe("$25.00");
    assertNoConsoleErrors();
  });

  it("returns from a declined payment with nothing credited", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    await signInTo(page, "/wallet");
    await startDeposit(page, "40");
    await page.getByRole("button", { name: "Decline" }).click();
    await page.waitForURL((url) => url.pathname === "/wallet");
    await page.getByText("Payment Declined").waitFor();
    expect(await page.getByTestId("wallet-balance").textContent()).toBe("$0.00");
    await page.getByText("No transactions yet").waitFor();
    assertNoConsoleErrors();
  });

  // The page checks the amount before sending it (the same reading as the server's, its texts in
  // tests/unit/deposit-amount.test.ts); what the server answers a posted amount: http/typed-counts.test.ts.
  it("refuses '10,50' and $5 (under the minimum) beside the field without opening a checkout, then opens one for '$10.50'", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    await signInTo(page, "/wallet");
    const main = page.getByRole("main");
    const amount = main.getByLabel("Amount (USD)");
    const message =
      "Use a point for cents, for example 10.50 (a comma only separates thousands, as in 1,000).";
    await amount.fill("10,50");
    await main.getByRole("button", { name: "Add Funds" }).click();
    // Beside the field, announced, and the field points at it; said there once, not again in a toast.
    const alert = main.getByRole("alert").filter({ hasText: message });
    await alert.waitFor();
    await expectSaidOnce(page, message);
    const alertId = await alert.getAttribute("id");
    expect((await amount.getAttribute("aria-describedby"))?.split(" ")).toContain(alertId);
    expect(await amount.getAttribute("aria-invalid")).toBe("true");
    expect(new URL(page.url()).pathname).toBe("/wallet");
    expect(await amount.inputValue()).toBe("10,50");

    // Under the shop's minimum (its settings reach the page): explained the same way, nothing sent.
    await amount.fill("5");
    await main.getByRole("button", { name: "Add Funds" }).click();
    await main.getByRole("alert").filter({ hasText: "Minimum deposit is $10" }).waitFor();
    await expectSaidOnce(page, "Minimum deposit is $10");
    expect(new URL(page.url()).pathname).toBe("/wallet");

    // Typing again clears the message; "$10.50" is ten dollars fifty.
    await amount.fill("$10.50");
    await expect
      .poll(() => main.getByRole("alert").filter({ hasText: "Minimum deposit is $10" }).count())
      .toBe(0);
    await main.getByRole("button", { name: "Add Funds" }).click();
    await page.waitForURL(/\/sandbox-checkout\//);
    await page.getByRole("button", { name: "Pay $10.50" }).waitFor();
    assertNoConsoleErrors();
  });
});
