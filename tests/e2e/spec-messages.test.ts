/**
 * Customer spec sections 5 and 8 in the browser: the toasts no other browser test reaches, each with a check
 * that nothing else happened (no order, no account, the password unchanged). The welcome after signing up is
 * shown in order-pages.test.ts; a redirect's toast text is read from its cookie over HTTP
 * (tests/integration/http/spec-messages.test.ts) and shown by the page it leads to (toasts.test.ts).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders, users } from "../../app/db/schema.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { expectFieldMessage } from "../support/field-message.ts";
import { appUrl, createAccount, uniqueEmail, Visitor } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

/** The toast with this title and text (both exact). */
async function toast(page: Page, title: string, text?: string) {
  let found = page.getByTestId("toast").filter({ has: page.getByText(title, { exact: true }) });
  if (text !== undefined) found = found.filter({ has: page.getByText(text, { exact: true }) });
  await found.first().waitFor();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${appUrl}/login?next=/dashboard`);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Sign In" }).click();
}

/** Waits until the page is hydrated (the header's live balance connects only from the browser's own code). */
async function hydrated(page: Page) {
  await page.locator('[data-testid="header-balance"][data-live="on"]').waitFor();
}

async function canSignIn(email: string, password: string): Promise<boolean> {
  const response = await new Visitor().request("/api/auth/sign-in/email", { json: { email, password } });
  return response.ok;
}

async function ordersOf(userId: string) {
  return db().$count(orders, eq(orders.userId, userId));
}

describe("login (section 8)", () => {
  it("shows 'Login Failed' for a wrong password, then 'Welcome back!' for the right one", async () => {
    const { page } = await openPage(browser);
    const account = await createAccount();

    await signIn(page, account.email, "not-the-password");
    await toast(page, "Login Failed", "Invalid email or password");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(await page.getByTestId("header-balance").count()).toBe(0);

    await signIn(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await toast(page, "Welcome back!", "You have successfully logged in.");
    await page.getByTestId("header-balance").waitFor();
  });
});

describe("registration (sections 5 and 8)", () => {
  async function fillRegister(page: Page, email: string, password: string, confirm: string) {
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(email);
    await main.getByLabel("Password", { exact: true }).fill(password);
    await main.getByLabel("Confirm Password").fill(confirm);
    await main.getByRole("button", { name: "Create Account" }).click();
  }

  it("titles the password checks 'Password Mismatch' and 'Password Too Short' and creates no account", async () => {
    const { page } = await openPage(browser);
    const email = uniqueEmail("titles");
    await page.goto(`${appUrl}/register`);
    await fillRegister(page, email, "sunny-day-42", "sunny-day-43");
    await toast(page, "Password Mismatch", "Passwords do not match. Please try again.");
    await fillRegister(page, email, "abcde", "abcde");
    await toast(page, "Password Too Short", "Password must be at least 6 characters long.");
    expect(await db().$count(users, eq(users.email, email))).toBe(0);
  });

  it("shows the server's refusal as 'Registration Failed' and creates no account", async () => {
    const { page } = await openPage(browser);
    // The browser's e-mail field accepts an address without a dotted domain; the server does not.
    const email = `${uniqueEmail("nodomain").split("@")[0]}@localhost`;
    await page.goto(`${appUrl}/register`);
    await fillRegister(page, email, "sunny-day-42", "sunny-day-42");
    await toast(page, "Registration Failed", "Please enter a valid email address");
    expect(await db().$count(users, eq(users.email, email))).toBe(0);
  });
});

describe("profile password (sections 5 and 8)", () => {
  it("checks the new password before sending, then updates it", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await signIn(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.goto(`${appUrl}/profile`);
    await hydrated(page);
    const main = page.getByRole("main");
    const update = async (next: string, confirm: string) => {
      await main.getByLabel("Current Password").fill(account.password);
      await main.getByLabel("New Password", { exact: true }).fill(next);
      await main.getByLabel("Confirm New Password").fill(confirm);
      await main.getByRole("button", { name: "Update Password" }).click();
    };

    // Each is said beside the field it is about (product rules 12.3), which takes the focus.
    const newPassword = main.getByLabel("New Password", { exact: true });
    const confirmation = main.getByLabel("Confirm New Password");
    await update("", "");
    expect(await expectFieldMessage(newPassword, "Please enter and confirm your new password")).toEqual({
      focused: true,
    });
    await update("fresh-pass-1", "fresh-pass-2");
    expect(await expectFieldMessage(confirmation, "Passwords do not match")).toEqual({ focused: true });
    expect(await newPassword.getAttribute("aria-invalid")).toBeNull();
    await update("abcde", "abcde");
    expect(await expectFieldMessage(newPassword, "Password must be at least 6 characters long")).toEqual({
      focused: true,
    });
    expect(await page.getByTestId("toast").count()).toBe(0);
    // None of these reached the server: the password is the old one.
    expect(await canSignIn(account.email, account.password)).toBe(true);

    await update("fresh-pass-1", "fresh-pass-1");
    await toast(page, "Success", "Your password has been updated successfully");
    // The form is cleared and this browser stays signed in on its new session.
    await expect.poll(() => main.getByLabel("Current Password").inputValue()).toBe("");
    await page.reload();
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe("/profile");
    await page.getByRole("main").getByRole("heading", { name: "Profile", exact: true }).waitFor();
    expect(await canSignIn(account.email, "fresh-pass-1")).toBe(true);
    expect(await canSignIn(account.email, account.password)).toBe(false);
    assertNoConsoleErrors();
  });

  it("sends a reset e-mail and says so ('Password Reset Email Sent', advising the spam folder)", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await signIn(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.goto(`${appUrl}/profile`);
    await hydrated(page);
    await page.getByRole("main").getByRole("button", { name: "Send reset e-mail" }).click();
    await toast(page, "Password Reset Email Sent");
    const description = page.getByTestId("toast").filter({ hasText: "Password Reset Email Sent" }).first();
    expect(await description.textContent()).toMatch(/spam/i);
    // The mail it queues and that the password stays: tests/integration/failure-messages.test.ts.
    assertNoConsoleErrors();
  });
});

describe("quick order (sections 5 and 8)", () => {
  it("refuses a form with empty fields ('Missing information') and a total above the balance ('Insufficient funds')", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await db().transaction((tx) =>
      postLedgerEntry(tx, { userId: account.id, type: "adjustment", amountCents: cents(100) }),
    );
    await signIn(page, account.email, account.password);
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.goto(`${appUrl}/quick-order`);
    await hydrated(page);
    const form = page.getByRole("main");
    await form.getByLabel("Service", { exact: true }).selectOption({ label: "Instagram Likes ($4.00/1000)" });

    // Place Order waits for a quantity (docs/decisions/011-typed-counts.md); the link is checked on sending.
    await form.getByLabel("Quantity").fill("1000");
    expect(await page.getByTestId("order-total").textContent()).toBe("$4.00");
    await form.getByRole("button", { name: "Place Order" }).click();
    await toast(
      page,
      "Missing information",
      "Please choose a service and fill in the link and the quantity.",
    );

    await form.getByLabel("Target link").fill("https://www.instagram.com/p/SpecMessages1/");
    await form.getByRole("button", { name: "Place Order" }).click();
    await toast(page, "Insufficient funds", "This order costs $4.00; your balance is $1.00.");

    expect(new URL(page.url()).pathname).toBe("/quick-order");
    expect(await ordersOf(account.id)).toBe(0);
    const [row] = await db()
      .select({ balanceCents: users.balanceCents })
      .from(users)
      .where(eq(users.id, account.id));
    expect(row?.balanceCents).toBe(100);
    assertNoConsoleErrors();
  });
});
