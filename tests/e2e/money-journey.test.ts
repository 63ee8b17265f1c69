import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders } from "../../app/db/schema.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { appUrl, createAccount, secondAppUrl } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

async function headerBalance(page: Page): Promise<string> {
  return (await page.getByTestId("header-balance").textContent()) ?? "";
}

describe("the money journey", () => {
  it("adds $25 through the sandbox checkout on one server, sees it live on a page of the other, then orders", async () => {
    const { page: dashboard, context, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();

    // Sign in on server A.
    await dashboard.goto(`${appUrl}/login?next=/dashboard`);
    const main = dashboard.getByRole("main");
    await main.getByLabel("Email").fill(account.email);
    await main.getByLabel("Password", { exact: true }).fill(account.password);
    await main.getByRole("button", { name: "Sign In" }).click();
    await dashboard.waitForURL((url) => url.pathname === "/dashboard");

    // The dashboard tab now lives on server B (same database, same session), following the balance live.
    await dashboard.goto(`${secondAppUrl}/dashboard`);
    await dashboard.locator('[data-testid="header-balance"][data-live="on"]').waitFor();
    expect(await headerBalance(dashboard)).toContain("$0.00");
    await dashboard.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    // Pay $25 in another tab, through server A's sandbox checkout and signed webhook.
    const wallet = await context.newPage();
    await wallet.goto(`${appUrl}/wallet`);
    await wallet.getByRole("main").getByLabel("Amount (USD)").fill("25");
    await wallet.getByRole("main").getByRole("button", { name: "Add Funds" }).click();
    await wallet.waitForURL(/\/sandbox-checkout\//);
    await wallet.getByRole("button", { name: "Pay $25.00" }).click();
    await wallet.getByText("Payment Successful!").waitFor();

    // The first tab's header changed without a reload.
    await dashboard.waitForFunction(() =>
      document.querySelector('[data-testid="header-balance"]')?.textContent?.includes("$25.00"),
    );
    await dashboard.getByText("Balance Updated").first().waitFor();
    expect(await dashboard.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(await dashboard.getByTestId("account-balance").textContent()).toBe("$25.00");

    // Place an order; the balance falls by the price the server computed.
    await dashboard.getByRole("main").getByRole("link", { name: "Quick Order" }).click();
    await dashboard.waitForURL((url) => url.pathname === "/quick-order");
    const form = dashboard.getByRole("main");
    await form.getByLabel("Service", { exact: true }).selectOption({ label: "Instagram Likes ($4.00/1000)" });
    await form.getByLabel("Target link").fill("https://www.instagram.com/p/Journey123/");
    await form.getByLabel("Quantity").fill("150");
    expect(await dashboard.getByTestId("order-total").textContent()).toBe("$0.60");
    await form.getByRole("button", { name: "Place Order" }).click();
    await dashboard.waitForURL((url) => url.pathname === "/dashboard");
    await dashboard.getByText("Order Placed Successfully").first().waitFor();

    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.targetLink, "https://www.instagram.com/p/Journey123/"))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    expect(order?.totalCents).toBe(60);
    await dashboard.waitForFunction(() =>
      document.querySelector('[data-testid="header-balance"]')?.textContent?.includes("$24.40"),
    );
    expect(await dashboard.getByTestId("account-balance").textContent()).toBe("$24.40");
    expect(await findLedgerMismatches(db())).toEqual([]);
    assertNoConsoleErrors();
  });
});
