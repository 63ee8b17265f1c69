import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ACCOUNT_TEXT } from "../../app/domain/accounts/messages.ts";
import { API_TEXT } from "../../app/domain/reseller/api-text.ts";
import { signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { expectFieldMessage } from "../support/field-message.ts";
import { appUrl, createAccount } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

/** Product rules 12.3: a refusal about one field is said beside it, not in a toast titled "Error". */
describe("messages beside fields", () => {
  it("the profile says a wrong current password and a nameless API key beside their fields", async () => {
    const account = await createAccount();
    const { page, assertNoConsoleErrors } = await openPage(browser, {
      viewport: { width: 390, height: 844 },
    });
    await signInAs(page, account, "/profile");
    const main = page.getByRole("main");

    // The server's refusal (a field it names) lands under that field, which takes the focus.
    await main.getByLabel("Current Password").fill("not-my-password");
    await main.getByLabel("New Password", { exact: true }).fill("fresh-pass-1");
    await main.getByLabel("Confirm New Password").fill("fresh-pass-1");
    await main.getByRole("button", { name: "Update Password" }).click();
    const current = main.getByLabel("Current Password");
    expect(await expectFieldMessage(current, "Your current password is incorrect")).toEqual({
      focused: true,
    });
    expect(await page.getByTestId("toast").count()).toBe(0);

    await main.getByRole("button", { name: "Create key" }).click();
    const name = main.getByLabel("Key name");
    expect(await expectFieldMessage(name, API_TEXT.keyNameRequired)).toEqual({ focused: true });
    expect(await page.getByTestId("toast").count()).toBe(0);
    // Named, it is created and the message goes.
    await name.fill("My panel");
    await main.getByRole("button", { name: "Create key" }).click();
    await page.getByTestId("new-api-key").waitFor();
    expect(await name.getAttribute("aria-invalid")).toBeNull();
    assertNoConsoleErrors();
  });

  it("the reset link's page says a password problem beside its field and a dead link above the button", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    await page.goto(`${appUrl}/reset-password?token=not-a-real-token`);
    const main = page.getByRole("main");
    await main.getByLabel("New Password", { exact: true }).fill("fresh-pass-1");
    await main.getByLabel("Confirm New Password").fill("fresh-pass-2");
    await main.getByRole("button", { name: "Reset Password" }).click();
    const confirmation = main.getByLabel("Confirm New Password");
    expect(await expectFieldMessage(confirmation, "Passwords do not match")).toEqual({ focused: true });

    await confirmation.fill("fresh-pass-1");
    await main.getByRole("button", { name: "Reset Password" }).click();
    await main.getByRole("alert").filter({ hasText: ACCOUNT_TEXT.resetLinkInvalid }).waitFor();
    expect(await confirmation.getAttribute("aria-invalid")).toBeNull();
    expect(await page.getByTestId("toast").count()).toBe(0);
    assertNoConsoleErrors();
  });
});
