import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";
import { signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { createAccount } from "../support/http.ts";

// The statement in a browser: paging, a filter, the CSV download and the dashboard's link, at 390 and 1366 px
// (product rules 2.10). Every line, the filters' edges and whose lines show: tests/integration/http/wallet-statement.
// SCREENSHOTS_DIR=dir keeps a picture of each width.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
const screenshots = process.env.SCREENSHOTS_DIR;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

/** A customer with a $1,000 deposit, the welcome bonus and 28 charges after them: 30 lines, two pages. */
async function customerWithThirtyLines() {
  const customer = await createAccount();
  const lines = [
    { type: "deposit" as const, amountCents: 100_000 },
    { type: "bonus" as const, amountCents: 500, metadata: { kind: "welcome" } },
    ...Array.from({ length: 28 }, (_, i) => ({ type: "purchase" as const, amountCents: -(101 + i) })),
  ];
  for (const line of lines) {
    await db().transaction((tx) =>
      postLedgerEntry(tx, { userId: customer.id, ...line, amountCents: cents(line.amountCents) }),
    );
  }
  return customer;
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe.each([
  ["a phone", PHONE],
  ["a laptop", LAPTOP],
])("the wallet statement on %s", (_label, viewport) => {
  it("pages to the oldest lines, filters by type, downloads the CSV and is linked from the dashboard", async () => {
    const customer = await customerWithThirtyLines();
    const { page, context, assertNoConsoleErrors } = await openPage(browser, { viewport });
    await signInAs(page, customer, "/dashboard?tab=transactions");
    await page.getByTestId("full-statement").click();
    await page.waitForURL((url) => url.pathname === "/wallet");

    const main = page.getByRole("main");
    await main.getByText("Showing 1–25 of 30 transactions").waitFor();
    await expectNoSidewaysScroll(page, viewport.width);
    if (screenshots)
      await page.screenshot({ path: `${screenshots}/statement-${viewport.width}.png`, fullPage: true });

    await main.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.search === "?page=2");
    await main.getByText("Showing 26–30 of 30 transactions").waitFor();
    const deposit = page.getByTestId("wallet-transaction").filter({ hasText: "Card deposit" });
    expect(await deposit.textContent()).toContain("+$1,000.00");
    await page.getByTestId("wallet-transaction").filter({ hasText: "Welcome bonus" }).waitFor();

    await main.getByLabel("Type").selectOption("bonus");
    await main.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.search === "?type=bonus&from=&to=" || url.search === "?type=bonus");
    await main.getByText("Showing 1–1 of 1 transaction").waitFor();
    expect(await page.getByTestId("wallet-transaction").count()).toBe(1);
    await expectNoSidewaysScroll(page, viewport.width);
    if (screenshots)
      await page.screenshot({ path: `${screenshots}/statement-bonus-${viewport.width}.png`, fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      main.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^boostly-statement-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(download.url()).toMatch(/\/wallet\/statement\.csv\?type=bonus$/);

    assertNoConsoleErrors();
    await context.close();
  });
});
