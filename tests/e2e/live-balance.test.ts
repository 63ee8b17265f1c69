import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { SLOW_WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { appUrl, createAccount } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

/** Signs in through the login form of server A and lands on the dashboard. */
async function signInToDashboard(page: Page, account: { email: string; password: string }) {
  await page.goto(`${appUrl}/login?next=${encodeURIComponent("/dashboard")}`);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(account.email);
  await main.getByLabel("Password", { exact: true }).fill(account.password);
  await main.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/dashboard/);
}

/** Credits the wallet in a transaction of the test process, as any other app server would. */
async function credit(userId: string, amountCents: number) {
  await db().transaction((tx) =>
    postLedgerEntry(tx, { userId, type: "adjustment", amountCents: cents(amountCents) }),
  );
}

/** Waits until the page's live stream is open (after that, changes arrive as events). */
async function waitUntilFollowing(page: Page) {
  await page.locator('[data-testid="header-balance"][data-live="on"]').waitFor();
}

/**
 * The live balance in the browser: the header, the dashboard and a toast follow a change without a reload. A
 * change reaching a page of the other app server: over HTTP (tests/integration/http/live-balance.test.ts) and
 * in the browser within the money journey (money-journey.test.ts).
 */
describe("live balance", () => {
  it("updates the header and the dashboard without a reload and says so", async () => {
    const account = await createAccount();
    const { page, assertNoConsoleErrors } = await openPage(browser);
    await signInToDashboard(page, account);
    const header = page.getByTestId("header-balance");
    expect(await header.textContent()).toContain("$0.00");
    await waitUntilFollowing(page);
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    await credit(account.id, 2500);

    await page.getByRole("link", { name: "Wallet balance $25.00" }).waitFor();
    await page.getByTestId("toast").filter({ hasText: "Balance Updated" }).waitFor();
    expect(await page.getByTestId("toast").filter({ hasText: "Balance Updated" }).textContent()).toContain(
      "$25.00",
    );
    await expect
      .poll(() => page.getByTestId("account-balance").textContent(), { timeout: SLOW_WAIT_TIMEOUT_MS })
      .toBe("$25.00");
    expect(navigations).toEqual([]);

    // Two more changes: the toast says the latest, it does not stack (product rules 12.2).
    await credit(account.id, 100);
    await page.getByRole("link", { name: "Wallet balance $26.00" }).waitFor();
    await credit(account.id, 100);
    await page.getByRole("link", { name: "Wallet balance $27.00" }).waitFor();
    await page.getByTestId("toast").filter({ hasText: "$27.00" }).waitFor();
    expect(await page.getByTestId("toast").count()).toBe(1);
    assertNoConsoleErrors();
  });
});
