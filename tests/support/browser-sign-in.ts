import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { type Browser, openPage, type Page } from "./chromium.ts";
import { appUrl, createAdminAccount } from "./http.ts";
import { signInCodeFor } from "./two-factor.ts";

type Credentials = { email: string; password: string };

/**
 * Fixture sign-in: the browser context gets its session cookie from the auth endpoint, as the sign-in form
 * would give it (with the code step of an account with two-factor, answered with its test key). Only the tests
 * about signing in go through the forms (account.test.ts, admin-login.test.ts, two-factor.test.ts).
 */
export async function signInContext(context: BrowserContext, account: Credentials, shopUrl = appUrl) {
  const response = await context.request.post(`${shopUrl}/api/auth/sign-in/email`, {
    data: { email: account.email, password: account.password },
    headers: { Origin: shopUrl },
  });
  const text = await response.text();
  expect(response.ok(), text).toBe(true);
  if (!text.includes('"twoFactorRedirect":true')) return;
  const code = await signInCodeFor(account.email);
  expect(code, `sign-in of ${account.email} asks for a code and this test set no key`).not.toBeNull();
  const verified = await context.request.post(`${shopUrl}/api/auth/two-factor/verify-totp`, {
    data: { code },
    headers: { Origin: shopUrl },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
}

/** Signs the page's browser in as `account` and opens `next` (a path, with its query if any). */
export async function signInAs(page: Page, account: Credentials, next = "/dashboard") {
  await signInContext(page.context(), account);
  await page.goto(`${appUrl}${next}`);
  await page.waitForURL((url) => url.pathname === new URL(next, appUrl).pathname);
}

/** A new page signed in as a new admin, on the admin dashboard. */
export async function openAdminPage(browser: Browser) {
  const admin = await createAdminAccount();
  const opened = await openPage(browser);
  await signInAs(opened.page, admin, "/admin");
  return { ...opened, admin };
}
