import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { appUrl, createAccount, createAdminAccount } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

function toast(page: Page, title: string) {
  return page.getByTestId("toast").filter({ hasText: title }).first();
}

/** The titles of the toasts on screen. */
async function toastTitles(page: Page): Promise<string[]> {
  return page.getByTestId("toast").locator("p.font-semibold").allTextContents();
}

const orderPath = "/order/instagram-followers?pkg=100";

describe("toasts (product rules 12.2)", () => {
  it("a toast stays with its page, and a flash toast shows on the page it came with", async () => {
    const account = await createAccount();
    const { page, assertNoConsoleErrors } = await openPage(browser);
    await signInAs(page, account, orderPath);
    const main = page.getByRole("main");
    await main.getByLabel("Target URL").fill("https://www.instagram.com/toast_journey");
    await main.getByRole("button", { name: "Place Order" }).click();

    // The refusal explains the detour to the wallet, so it shows there; not on the checkout page after it.
    await page.waitForURL((url) => url.pathname === "/wallet");
    await toast(page, "Insufficient Balance").waitFor();
    await main.getByLabel("Amount (USD)").fill("25");
    await main.getByRole("button", { name: "Add Funds" }).click();
    await page.waitForURL(/\/sandbox-checkout\//);
    await page.getByRole("button", { name: "Decline" }).waitFor();
    expect(await toastTitles(page)).toEqual([]);

    // Declining comes back to the wallet with the server's flash toast, shown on arrival, alone...
    await page.getByRole("button", { name: "Decline" }).click();
    await page.waitForURL((url) => url.pathname === "/wallet");
    await toast(page, "Payment Declined").waitFor();
    expect(await toastTitles(page)).toEqual(["Payment Declined"]);
    // ...and left behind on the way to the next checkout.
    await main.getByLabel("Amount (USD)").fill("25");
    await main.getByRole("button", { name: "Add Funds" }).click();
    await page.waitForURL(/\/sandbox-checkout\//);
    const pay = page.getByRole("button", { name: "Pay $25.00" });
    await pay.waitFor();
    expect(await toastTitles(page)).toEqual([]);

    // "Payment Successful!" is the wallet's: it does not follow the customer back to the order page.
    await pay.click();
    await toast(page, "Payment Successful!").waitFor();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === orderPath);
    await main.getByRole("button", { name: "Place Order" }).waitFor();
    expect(await toastTitles(page)).toEqual([]);

    // The order's flash toast arrives with the dashboard.
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="order-balance"]')?.textContent?.includes("$25.00"),
    );
    await main.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await toast(page, "Order Placed Successfully").waitFor();
    expect(await toastTitles(page)).toEqual(["Order Placed Successfully"]);
    assertNoConsoleErrors();
  });

  it("the app has one toast region, on storefront and admin pages alike", async () => {
    const admin = await createAdminAccount();
    const { page, assertNoConsoleErrors } = await openPage(browser);
    await signInAs(page, admin, "/dashboard");
    expect(await page.getByRole("region", { name: "Notifications" }).count()).toBe(1);
    await page.goto(`${appUrl}/admin`);
    await page.getByRole("navigation", { name: "Admin" }).waitFor();
    expect(await page.getByRole("region", { name: "Notifications" }).count()).toBe(1);
    assertNoConsoleErrors();
  });
});
