import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { TWO_FACTOR_TEXT } from "../../app/domain/accounts/two-factor-text.ts";
import { signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { appUrl, createAdminAccount } from "../support/http.ts";
import { totpCode } from "../support/two-factor.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

const poll = { timeout: WAIT_TIMEOUT_MS };

async function passwordAtAdminLogin(page: Page, account: { email: string; password: string }) {
  await page.goto(`${appUrl}/admin-login`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect.poll(() => page.getByLabel("Authentication code").isVisible(), poll).toBe(true);
}

async function codeAtAdminLogin(page: Page, code: string) {
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

async function signOutOfAdmin(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await page.waitForURL((url) => url.pathname !== "/admin");
  await page.goto(`${appUrl}/admin`);
  await page.waitForURL((url) => url.pathname === "/admin-login");
}

describe("two-factor sign-in for an admin (product rules 15.10-15.14)", () => {
  it("enables TOTP on the profile, then signs in with a code and with a backup code; without the code no admin page opens", async () => {
    const admin = await createAdminAccount({ twoFactor: false });
    const { page, assertNoConsoleErrors } = await openPage(browser);

    // Without two-factor, /admin sends the admin to set it up.
    await signInAs(page, admin, "/profile");
    await page.goto(`${appUrl}/admin`);
    await page.waitForURL((url) => url.pathname === "/profile");
    await expect.poll(() => page.getByText(TWO_FACTOR_TEXT.required).first().isVisible(), poll).toBe(true);

    // Set up: the password, the key shown as text, backup codes once, a first code computed from the key.
    const card = page.locator("#two-factor");
    await card.getByLabel("Password", { exact: true }).fill(admin.password);
    await card.getByRole("button", { name: "Set up two-factor" }).click();
    const secretText = card.getByTestId("two-factor-secret");
    await expect.poll(() => secretText.textContent(), poll).toMatch(/^[A-Z2-7]{16,}$/);
    const secret = (await secretText.textContent()) ?? "";
    const backupCodes = await card
      .getByRole("list", { name: "Backup codes" })
      .getByRole("listitem")
      .allTextContents();
    expect(backupCodes).toHaveLength(10);
    await card.getByLabel("Code from your app").fill("000000");
    await card.getByRole("button", { name: "Turn on two-factor" }).click();
    await expect.poll(() => card.getByText(TWO_FACTOR_TEXT.invalidCode).isVisible(), poll).toBe(true);
    await card.getByLabel("Code from your app").fill(await totpCode(secret));
    await card.getByRole("button", { name: "Turn on two-factor" }).click();
    await expect.poll(() => card.getByText("Two-factor sign-in is on.").isVisible(), poll).toBe(true);

    await page.goto(`${appUrl}/admin`);
    await expect.poll(() => page.getByTestId("admin-email").textContent(), poll).toBe(admin.email);
    await signOutOfAdmin(page);

    // The password alone opens nothing: the code step, and /admin still sends to sign in.
    await passwordAtAdminLogin(page, admin);
    await page.goto(`${appUrl}/admin`);
    await page.waitForURL((url) => url.pathname === "/admin-login");

    // A wrong code is refused beside the field; the right one opens the admin.
    await passwordAtAdminLogin(page, admin);
    await codeAtAdminLogin(page, "123456x");
    await expect.poll(() => page.getByText(TWO_FACTOR_TEXT.invalidCode).isVisible(), poll).toBe(true);
    await codeAtAdminLogin(page, await totpCode(secret));
    await page.waitForURL((url) => url.pathname === "/admin");
    await expect.poll(() => page.getByTestId("admin-email").textContent(), poll).toBe(admin.email);
    await signOutOfAdmin(page);

    // A backup code signs in once in place of the code.
    await passwordAtAdminLogin(page, admin);
    await codeAtAdminLogin(page, backupCodes[0] ?? "");
    await page.waitForURL((url) => url.pathname === "/admin");
    await expect.poll(() => page.getByTestId("admin-email").textContent(), poll).toBe(admin.email);
    assertNoConsoleErrors();
  });
});
