import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SUSPENSION_TEXT } from "../../app/domain/accounts/user-controls-text.ts";
import { openAdminPage } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser } from "../support/chromium.ts";
import { appUrl, createAccount } from "../support/http.ts";

/**
 * An admin suspends and unsuspends a customer in the browser (product rules 15.20-15.22): the reason checked beside
 * its field, the dialog that says what suspending does, the toast and the card that follows, at a phone's width
 * and a laptop's. Sign-in, keys and orders while suspended: tests/integration/http/user-controls.test.ts and
 * tests/integration/user-suspension.test.ts.
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
])("suspending a customer on %s", (_label, viewport) => {
  it("needs a reason, is confirmed in a dialog, and shows the reason and Unsuspend until it is lifted", async () => {
    const customer = await createAccount();
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    await page.setViewportSize(viewport);
    await page.goto(`${appUrl}/admin/users/${customer.id}`);
    const card = page.getByTestId("account-suspension");
    await card.getByRole("button", { name: "Suspend" }).click();
    await card.getByText(SUSPENSION_TEXT.reason).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);

    await card.getByLabel("Reason for suspending").fill("Chargeback fraud on three deposits");
    await card.getByRole("button", { name: "Suspend" }).click();
    const dialog = page.getByRole("dialog", { name: "Suspend this account?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Suspend" }).click();
    await page.getByText(SUSPENSION_TEXT.suspendedTitle, { exact: true }).first().waitFor();
    await card.getByText("Reason: Chargeback fraud on three deposits").waitFor();
    await expectNoSidewaysScroll(page, viewport.width);

    await card.getByRole("button", { name: "Unsuspend" }).click();
    await page.getByText(SUSPENSION_TEXT.unsuspendedTitle, { exact: true }).first().waitFor();
    await card.getByLabel("Reason for suspending").waitFor();
    assertNoConsoleErrors();
  });
});
