import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { appUrl, uniqueEmail } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

async function register(page: Page, email: string, password: string) {
  await page.goto(`${appUrl}/register`);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByLabel("Confirm Password").fill(password);
  await main.getByRole("button", { name: "Create Account" }).click();
  // Customer spec section 8: the welcome tells a new customer to check their e-mail.
  await page
    .getByTestId("toast")
    .filter({ has: page.getByText("Registration Successful!", { exact: true }) })
    .filter({ has: page.getByText("Please check your email to verify your account.", { exact: true }) })
    .first()
    .waitFor();
}

async function signIn(page: Page, email: string, password: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Sign In" }).click();
}

describe("signing up", () => {
  it("registers, confirms the e-mail from the dev mailbox, signs in, sees $0.00 and signs out", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const email = uniqueEmail("journey");
    const password = "sunny-day-42";
    await register(page, email, password);

    await page.goto(`${appUrl}/dev/mailbox?to=${encodeURIComponent(email)}`);
    await page.getByRole("link", { name: "Confirm e-mail" }).first().click();
    await page.getByText("Email confirmed").first().waitFor();
    await page.waitForURL(/\/(dashboard|login)/);
    if (new URL(page.url()).pathname === "/login") {
      await signIn(page, email, password);
      await page.waitForURL(/\/dashboard/);
    }

    const balance = page.getByTestId("header-balance");
    await balance.waitFor();
    expect(await balance.textContent()).toContain("$0.00");

    await page.getByTestId("user-menu-button").click();
    await page.getByTestId("sign-out").click();
    await page.getByText("Signed out successfully").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.getByTestId("header-balance").count()).toBe(0);
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();
    assertNoConsoleErrors();
  });

  it("tells an unconfirmed account why it cannot sign in yet", async () => {
    const { page } = await openPage(browser);
    const email = uniqueEmail("unconfirmed");
    const password = "sunny-day-42";
    await register(page, email, password);

    await page.goto(`${appUrl}/login`);
    await signIn(page, email, password);
    await page
      .getByText(/confirm your e-mail/i)
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.getByTestId("header-balance").count()).toBe(0);
    await page
      .getByRole("button", { name: /resend/i })
      .first()
      .waitFor();
  });

  it("checks the password rules before sending anything", async () => {
    const { page } = await openPage(browser);
    await page.goto(`${appUrl}/register`);
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(uniqueEmail("rules"));
    await main.getByLabel("Password", { exact: true }).fill("abcde");
    await main.getByLabel("Confirm Password").fill("abcde");
    await main.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Password must be at least 6 characters long.").waitFor();
    await main.getByLabel("Password", { exact: true }).fill("abcdef");
    await main.getByLabel("Confirm Password").fill("abcdeg");
    await main.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Passwords do not match. Please try again.").waitFor();
  });
});
