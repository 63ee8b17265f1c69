import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ACCOUNT_TEXT } from "../../app/domain/accounts/messages.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { appUrl, createAccount, createAdminAccount } from "../support/http.ts";
import { signInCodeFor } from "../support/two-factor.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

async function signInThroughAdminLogin(page: Page, account: { email: string; password: string }) {
  await page.goto(`${appUrl}/admin-login`);
  await page.getByRole("tab", { name: "Sign In" }).click();
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

describe("/admin-login", () => {
  it("lets an admin in, and tells a customer 'Access Denied' and signs them out", async () => {
    const admin = await createAdminAccount();
    const customer = await createAccount();

    const adminPage = await openPage(browser);
    await signInThroughAdminLogin(adminPage.page, admin);
    // Admins sign in with two-factor (product rules 15.14): the code step follows the password.
    await adminPage.page.getByLabel("Authentication code").fill((await signInCodeFor(admin.email)) ?? "");
    await adminPage.page.getByRole("button", { name: "Verify" }).click();
    await adminPage.page.waitForURL((url) => url.pathname === "/admin");
    await expect.poll(() => adminPage.page.getByTestId("admin-email").textContent()).toBe(admin.email);
    adminPage.assertNoConsoleErrors();
    await adminPage.page.context().close();

    const customerPage = await openPage(browser);
    await signInThroughAdminLogin(customerPage.page, customer);
    await expect
      .poll(() => customerPage.page.getByText(ACCOUNT_TEXT.adminAccessDenied).first().isVisible())
      .toBe(true);
    await expect
      .poll(() => customerPage.page.getByText(ACCOUNT_TEXT.adminAccessDeniedTitle).first().isVisible())
      .toBe(true);
    expect(new URL(customerPage.page.url()).pathname).toBe("/admin-login");
    // Signed out: the customer's own dashboard now asks them to sign in.
    await customerPage.page.goto(`${appUrl}/dashboard`);
    await customerPage.page.waitForURL((url) => url.pathname === "/login");
    customerPage.assertNoConsoleErrors();
    await customerPage.page.context().close();
  });
});
