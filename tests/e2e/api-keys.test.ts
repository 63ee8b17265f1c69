import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { appUrl, createAccount } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

async function balanceWith(key: string) {
  const response = await fetch(`${appUrl}/api/v2`, {
    method: "POST",
    body: new URLSearchParams({ key, action: "balance" }),
  });
  return { status: response.status, body: await response.json() };
}

describe("API keys in the profile", () => {
  it("creates a key shown once, which the API accepts, and revokes it after confirmation", async () => {
    const customer = await createAccount();
    const { page, assertNoConsoleErrors } = await openPage(browser);
    await page.goto(`${appUrl}/login`);
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password", { exact: true }).fill(customer.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");

    await page.goto(`${appUrl}/profile`);
    await expect.poll(() => page.getByText("You have no API keys yet.").isVisible()).toBe(true);
    await page.getByLabel("Key name").fill("My panel");
    await page.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByTestId("new-api-key");
    await expect.poll(() => shown.inputValue()).toMatch(/^bst_/);
    const key = await shown.inputValue();
    const list = page.getByRole("list", { name: "Your API keys" });
    await expect.poll(() => list.getByRole("listitem").filter({ hasText: "My panel" }).count()).toBe(1);
    await expect
      .poll(async () => (await balanceWith(key)).body)
      .toEqual({ balance: "0.00", currency: "USD" });

    // After a reload the key itself is never shown again, only its prefix.
    await page.reload();
    expect(await page.content()).not.toContain(key);
    expect(await page.content()).toContain(key.slice(0, 12));

    await page.getByRole("button", { name: "Revoke My panel" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this API key?" });
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect.poll(() => page.getByText("You have no API keys yet.").isVisible()).toBe(true);
    expect(await balanceWith(key)).toEqual({
      status: 200,
      body: { error: "Invalid API key" },
    });
    assertNoConsoleErrors();
  });
});
