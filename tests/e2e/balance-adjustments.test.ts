import { randomInt } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";
import { openAdminPage, signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { balanceOf } from "../support/factories.ts";
import { appUrl, createAccount } from "../support/http.ts";

/**
 * An admin's credit or debit in the browser (product rules 2.8): the form's own check beside a field, the dialog
 * that states the new balance, the toast, the balance and transactions that follow, and the customer's statement
 * naming the kind without the reason, at a phone's width and a laptop's. The ledger and audit rows, the limits and
 * the races: tests/integration/balance-adjustments.test.ts.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe.each([
  ["a phone", PHONE],
  ["a laptop", LAPTOP],
])("a balance adjustment on %s", (_label, viewport) => {
  it("is previewed with the new balance, confirmed, toasted and shown on the customer's statement by its kind", async () => {
    const customer = await createAccount();
    const funded = await db().transaction((tx) =>
      postLedgerEntry(tx, {
        userId: customer.id,
        type: "adjustment",
        amountCents: cents(1_000),
        metadata: { reason: "e2e funding" },
      }),
    );
    expect(funded.posted).toBe(true);
    const reason = `Goodwill for ticket ${randomInt(100_000, 1_000_000)}`;

    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    await page.setViewportSize(viewport);
    await page.goto(`${appUrl}/admin/users/${customer.id}`);
    const form = page.getByTestId("balance-adjustment");
    await form.getByLabel("Kind").selectOption({ label: "Goodwill credit" });

    // A debit the balance lacks is refused beside the amount before any dialog.
    await form.getByLabel("Credit or debit").selectOption("debit");
    await form.getByLabel("Amount (USD)").fill("10.01");
    await form.getByLabel("Reason").fill(reason);
    await form.getByRole("button", { name: "Review adjustment" }).click();
    await form.getByText("A debit of $10.01 would take the balance below zero: it is $10.00.").waitFor();
    await expect.poll(() => form.getByLabel("Amount (USD)").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByRole("dialog").count()).toBe(0);

    await form.getByLabel("Credit or debit").selectOption("credit");
    await form.getByLabel("Amount (USD)").fill("5.25");
    await form.getByRole("button", { name: "Review adjustment" }).click();
    const dialog = page.getByRole("dialog", { name: "Credit $5.25?" });
    await dialog.waitFor();
    expect(await dialog.getByTestId("adjustment-new-balance").textContent()).toBe("$15.25");
    await expectNoSidewaysScroll(page, viewport.width);
    await dialog.getByRole("button", { name: "Credit $5.25" }).click();

    await page.getByText("Credited $5.25 (Goodwill credit). New balance: $15.25.").waitFor();
    await expect.poll(() => page.getByTestId("user-balance").textContent()).toBe("$15.25");
    expect(await balanceOf(customer.id)).toBe(1_525);
    expect(await form.getByLabel("Amount (USD)").inputValue()).toBe("");
    await page.getByRole("tab", { name: "Transactions" }).click();
    await page
      .getByTestId("user-transaction-row")
      .filter({ hasText: `Goodwill credit: ${reason}` })
      .waitFor();
    await expectNoSidewaysScroll(page, viewport.width);
    assertNoConsoleErrors();

    // The customer's statement names the kind, never the admin's reason.
    const shopper = await openPage(browser, { viewport });
    await signInAs(shopper.page, customer, "/wallet");
    const row = shopper.page.getByTestId("wallet-transaction").filter({ hasText: "Goodwill credit" });
    await row.waitFor();
    expect(await row.textContent()).toContain("+$5.25");
    expect(await shopper.page.getByRole("main").textContent()).not.toContain(reason);
    shopper.assertNoConsoleErrors();
    await shopper.context.close();
  });
});
