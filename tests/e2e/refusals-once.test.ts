import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { users } from "../../app/db/schema.ts";
import { ACCOUNT_TEXT } from "../../app/domain/accounts/messages.ts";
import { signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { fundWallet } from "../support/factories.ts";
import { expectSaidOnce } from "../support/field-message.ts";
import { appUrl, createAccount } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

// Each refusal said once, where it belongs (product rules 12.8): the texts themselves are asserted where they
// are made (tests/unit, tests/integration); the wallet's amount: wallet.test.ts; the fields of the order pages,
// the ticket form and the profile: field-messages.test.ts.
/** Waits until the page is hydrated (the header's live balance connects only from the browser's own code). */
async function hydrated(page: Page) {
  await page.locator('[data-testid="header-balance"][data-live="on"]').waitFor({ state: "attached" });
}

describe("each refusal said once (product rules 12.8)", () => {
  it("a free trial refused for its link says so on its card, not again in a toast", async () => {
    const { page } = await openPage(browser);
    const errors: string[] = [];
    page.on("console", (line) => {
      if (line.type() === "error") errors.push(line.text());
    });
    const consoleErrors = () => errors;
    const account = await createAccount();
    await signInAs(page, account, "/free-trial");
    await hydrated(page);
    const likes = page.getByTestId("free-trial-likes");
    await likes.getByLabel("Instagram post link").fill("https://www.youtube.com/watch?v=NotInstagram");
    await likes.getByRole("button", { name: "Claim Now" }).click();
    const field = likes.getByLabel("Instagram post link");
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    const message = (await likes.getByRole("alert").textContent()) ?? "";
    expect(message).not.toBe("");
    await expectSaidOnce(page, message);
    // The trial form answers with its refusal's status (422, docs/decisions/017), which the browser logs.
    expect(consoleErrors()).toEqual([expect.stringContaining("422")]);
  });

  it("signing in before confirming the e-mail: the 'Login Failed' toast says why, the page offers the resend", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, account.id));
    await page.goto(`${appUrl}/login`);
    await page.waitForLoadState("networkidle");
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(account.email);
    await main.getByLabel("Password", { exact: true }).fill(account.password);
    await main.getByRole("button", { name: "Sign In" }).click();
    await page.getByTestId("toast").filter({ hasText: ACCOUNT_TEXT.loginFailedTitle }).waitFor();
    await main.getByRole("button", { name: "Resend confirmation e-mail" }).waitFor();
    await expectSaidOnce(page, ACCOUNT_TEXT.unverified, "toast");
    assertNoConsoleErrors();
  });

  it("an order refused as a whole (its price changed) is the toast alone, not a second line above Place Order", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await fundWallet(account.id, 5_000);
    await signInAs(page, account, "/order/instagram-followers");
    await hydrated(page);
    const main = page.getByRole("main");
    await main.getByLabel("Target URL").fill("https://www.instagram.com/refusal_once/");
    // The total the page sends is what it showed; another one stands for a price changed since (product rules 1.2).
    await main.locator('input[name="expectedTotalCents"]').evaluate((input: HTMLInputElement) => {
      input.value = String(Number(input.value) + 1);
    });
    await main.getByRole("button", { name: "Place Order" }).click();
    const toast = page.getByTestId("toast").filter({ hasText: "Price changed" });
    await toast.waitFor();
    const message = (await toast.textContent())?.match(
      /The price of this order is now \$[\d.,]+\. Please review it and place the order again\./,
    )?.[0];
    expect(message).toBeDefined();
    await expectSaidOnce(page, message!, "toast");
    // Not again above Place Order (that line, with its title, is for a page without JavaScript).
    expect(await main.getByTestId("order-refusal").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/order/instagram-followers");
    assertNoConsoleErrors();
  });
});
