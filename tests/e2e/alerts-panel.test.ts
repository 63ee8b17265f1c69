import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { tickets } from "../../app/db/schema.ts";
import { openAdminPage, signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { appUrl, createAccount } from "../support/http.ts";

/**
 * A customer's ticket reaches the operator at once (product rules 14.21, 14.27): the support address has its mail
 * before anyone looks, and /admin's needs-attention panel shows it, linked to the ticket, until it is dismissed,
 * at a phone's width and a laptop's. Each kind's alerts and mails: tests/integration/alerts.test.ts; the Dismiss's
 * audit row and refusals: tests/integration/http/alerts.test.ts; the empty panel: tests/unit/needs-attention-panel.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const SUPPORT = "support@boostly.example";

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
])("a customer's ticket on %s", (_label, viewport) => {
  it("mails the support address at once and waits on /admin's needs-attention panel until it is dismissed", async () => {
    const customer = await createAccount();
    const subject = `Order not started ${randomInt(100_000, 1_000_000)}`;
    const shopper = await openPage(browser, { viewport });
    await signInAs(shopper.page, customer, "/dashboard?tab=support");
    const support = shopper.page.getByRole("tabpanel", { name: "Support" });
    await support.getByLabel("Category").selectOption({ label: "General Request" });
    await support.getByLabel("Subject").fill(subject);
    await support.getByLabel("Message").fill("My order has not started after a day.");
    await support.getByRole("button", { name: "Submit Ticket" }).click();
    await shopper.page.getByText("Your ticket has been submitted successfully").first().waitFor();
    const [ticket] = await db().select().from(tickets).where(eq(tickets.userId, customer.id));
    const number = ticket!.ticketNumber;

    // Support's mail is in the outbox already: queued in the ticket's own transaction.
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    await page.setViewportSize(viewport);
    await page.goto(`${appUrl}/dev/mailbox?to=${encodeURIComponent(SUPPORT)}`);
    const mail = page.getByTestId("mail").filter({ hasText: `New ticket: ${subject} [${number}]` });
    await expect.poll(() => mail.count()).toBe(1);
    expect(await mail.textContent()).toContain("My order has not started after a day.");

    await page.goto(`${appUrl}/admin`);
    const panel = page.getByRole("region", { name: /Needs attention/ });
    const alert = panel.getByTestId("alert").filter({ hasText: `New ticket ${number}: ${subject}` });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(`From ${customer.email}`);
    await expectNoSidewaysScroll(page, viewport.width);
    await panel.screenshot({ path: `/tmp/alerts-panel-${viewport.width}.png` });
    await page.screenshot({ path: `/tmp/alerts-admin-${viewport.width}.png` });

    // Its link leads to the ticket in the admin.
    await alert.getByRole("link", { name: `New ticket ${number}: ${subject}` }).click();
    await page.waitForURL((url) => url.pathname === "/admin/tickets" && url.searchParams.get("q") === number);
    await page.getByTestId("admin-ticket").filter({ hasText: number }).waitFor();

    await page.goBack();
    await alert.getByRole("button", { name: `Dismiss: New ticket ${number}: ${subject}` }).click();
    await page.getByText("Alert dismissed").first().waitFor();
    await expect.poll(() => alert.count()).toBe(0);
    await page.reload();
    await panel.waitFor();
    expect(await alert.count()).toBe(0);
    assertNoConsoleErrors();
    shopper.assertNoConsoleErrors();
    await shopper.context.close();
    await page.context().close();
  });
});
