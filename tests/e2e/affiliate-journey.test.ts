import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders, users } from "../../app/db/schema.ts";
import { findAffiliateLedgerMismatches } from "../../app/domain/affiliates/check-affiliate-ledger.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { openAdminPage, signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { appUrl, createAccount, uniqueEmail } from "../support/http.ts";

// The affiliate programme's must-show journey (docs/decisions/056, product rules 16.11-16.14), in Chromium: A
// shares their link, B follows it, signs up, deposits and orders; A sees it and asks for a payout; an admin pays
// it into A's wallet; B's partial refund takes back its share. The figures' arithmetic is asserted at the domain's
// level (tests/integration/affiliates-journey.test.ts), the payout answers over HTTP
// (tests/integration/http/admin-affiliate-payouts.test.ts); here what only a browser shows: the copy button, the
// forms, the dialog and the pages' figures as a person reads them.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

/** B is another person on another connection: the same-address rule would refuse a sign-up from A's address. */
const B_ADDRESS = "198.51.100.23";

async function figure(page: Page, name: string): Promise<string> {
  return (await page.getByTestId(`affiliate-${name}`).textContent()) ?? "";
}

async function openAffiliatePage(page: Page) {
  await page.goto(`${appUrl}/affiliate/dashboard`);
  await page.getByRole("heading", { name: "Affiliate programme" }).waitFor();
}

describe("the affiliate journey", () => {
  it("A shares a link; B signs up through it, deposits and orders; A is paid into the wallet; B's partial refund takes back its share", async () => {
    // A opens their affiliate page from the account menu and copies the link.
    const a = await createAccount();
    const affiliate = await openPage(browser);
    const pageA = affiliate.page;
    await affiliate.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl });
    await signInAs(pageA, a, "/dashboard");
    await pageA.getByTestId("user-menu-button").click();
    await pageA.getByRole("link", { name: "Affiliate" }).click();
    await pageA.waitForURL((url) => url.pathname === "/affiliate/dashboard");
    expect(await pageA.getByTestId("payouts-empty").textContent()).toBe("No payouts yet");
    const link = await pageA.getByLabel("Your referral link").inputValue();
    expect(link).toMatch(new RegExp(`^${appUrl}/r/[a-z0-9]{8}$`));
    await pageA.getByRole("button", { name: "Copy Link" }).click();
    await expect.poll(() => pageA.getByTestId("copy-status").textContent()).toBe("Link copied");
    const copied = await pageA.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(link);

    // B follows the link, signs up and confirms the e-mail from the dev mailbox.
    const customer = await openPage(browser, { clientAddress: B_ADDRESS });
    const pageB = customer.page;
    await pageB.goto(copied);
    await pageB.waitForURL((url) => url.pathname === "/");
    const emailB = uniqueEmail("referred");
    const password = "sunny-day-42";
    await pageB.goto(`${appUrl}/register`);
    const register = pageB.getByRole("main");
    await register.getByLabel("Email").fill(emailB);
    await register.getByLabel("Password", { exact: true }).fill(password);
    await register.getByLabel("Confirm Password").fill(password);
    await register.getByRole("button", { name: "Create Account" }).click();
    await pageB.getByText("Registration Successful!").first().waitFor();
    await pageB.goto(`${appUrl}/dev/mailbox?to=${encodeURIComponent(emailB)}`);
    await pageB.getByRole("link", { name: "Confirm e-mail" }).first().click();
    await pageB.getByText("Email confirmed").first().waitFor();
    await pageB.waitForURL(/\/(dashboard|login)/);
    if (new URL(pageB.url()).pathname === "/login") {
      const login = pageB.getByRole("main");
      await login.getByLabel("Email").fill(emailB);
      await login.getByLabel("Password", { exact: true }).fill(password);
      await login.getByRole("button", { name: "Sign In" }).click();
      await pageB.waitForURL(/\/dashboard/);
    }

    // B adds $50 through the sandbox checkout and orders 10,000 likes ($40.00: $12.00 to A at 30%).
    await pageB.goto(`${appUrl}/wallet`);
    await pageB.getByRole("main").getByLabel("Amount (USD)").fill("50");
    await pageB.getByRole("main").getByRole("button", { name: "Add Funds" }).click();
    await pageB.waitForURL(/\/sandbox-checkout\//);
    await pageB.getByRole("button", { name: "Pay $50.00" }).click();
    await pageB.getByText("Payment Successful!").waitFor();
    await pageB.goto(`${appUrl}/quick-order`);
    const orderForm = pageB.getByRole("main");
    await orderForm
      .getByLabel("Service", { exact: true })
      .selectOption({ label: "Instagram Likes ($4.00/1000)" });
    const target = `https://www.instagram.com/p/Aff${Date.now().toString(36)}/`;
    await orderForm.getByLabel("Target link").fill(target);
    await orderForm.getByLabel("Quantity").fill("10000");
    await expect.poll(() => pageB.getByTestId("order-total").textContent()).toBe("$40.00");
    await orderForm.getByRole("button", { name: "Place Order" }).click();
    await pageB.getByText("Order Placed Successfully").first().waitFor();

    // A sees the visit, the sign-up and the commission, and asks for the payout.
    await openAffiliatePage(pageA);
    expect(await figure(pageA, "visits")).toBe("1");
    expect(await figure(pageA, "sign-ups")).toBe("1");
    expect(await figure(pageA, "conversions")).toBe("1");
    expect(await figure(pageA, "earned")).toBe("$12.00");
    expect(await figure(pageA, "balance")).toBe("$12.00");
    await pageA.getByRole("button", { name: "Request Payout" }).click();
    await pageA.getByText("Payout requested").first().waitFor();
    const payout = pageA.getByTestId("affiliate-payout");
    await expect.poll(() => payout.textContent()).toContain("Waiting for our team");

    // An admin pays it into A's wallet through the payout screen's dialog (A's wallet holds B's $2.50 bonus).
    const admin = await openAdminPage(browser);
    await admin.page.goto(`${appUrl}/admin/affiliate-payouts`);
    await admin.page.waitForLoadState("networkidle");
    const row = admin.page.getByTestId("open-payout").filter({ hasText: a.email });
    await row.getByRole("button", { name: "Pay to Wallet" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Pay $12.00 into the shop wallet?" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("their wallet goes from $2.50 to $14.50");
    await dialog.getByRole("button", { name: "Pay to Wallet" }).click();
    await admin.page.getByText("Payout paid").first().waitFor();
    await admin.page
      .getByTestId("answered-payout")
      .filter({ hasText: a.email })
      .getByText("Paid to the shop wallet")
      .waitFor();

    // B's order ends partial: 2,500 likes undelivered, $10.00 back to B, $3.00 of A's commission taken back.
    const [referred] = await db().select({ id: users.id }).from(users).where(eq(users.email, emailB));
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.userId, referred!.id))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    await admin.page.goto(`${appUrl}/admin/orders/${order!.id}`);
    // Hydrated first, so the status chosen is React's and shows its undelivered-units field.
    await admin.page.waitForLoadState("networkidle");
    const override = admin.page.getByRole("main").getByTestId("override-form");
    await override.getByLabel(`Override status of ${order!.orderNumber}`).selectOption("partial");
    await override.getByLabel("Units not delivered (0 to 10,000)").fill("2500");
    await override.getByRole("button", { name: "Preview" }).click();
    const preview = admin.page.getByRole("dialog");
    await expect
      .poll(() => preview.getByTestId("override-summary").textContent())
      .toContain("$10.00 will be refunded to the customer's wallet");
    await preview.getByRole("button", { name: "Confirm" }).click();
    await admin.page.getByText(`${order!.orderNumber} is now Partial`).first().waitFor();

    await openAffiliatePage(pageA);
    expect(await figure(pageA, "earned")).toBe("$9.00");
    expect(await figure(pageA, "reversed")).toBe("$3.00");
    expect(await figure(pageA, "paid-out")).toBe("$12.00");
    expect(await figure(pageA, "balance")).toBe("-$3.00");
    expect(await pageA.getByTestId("affiliate-payout").textContent()).toContain("Paid to your wallet");
    expect(await pageA.getByTestId("header-balance").textContent()).toContain("$14.50");

    // What npm run ledger:check reports: every wallet and every commission balance equals its ledger.
    expect(await findLedgerMismatches(db())).toEqual([]);
    expect(await findAffiliateLedgerMismatches(db())).toEqual([]);
    affiliate.assertNoConsoleErrors();
    customer.assertNoConsoleErrors();
    admin.assertNoConsoleErrors();
  });
});
