import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { profileLinkIsPost } from "../../app/domain/orders/messages.ts";
import { signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { fundWallet } from "../support/factories.ts";
import { createAccount } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

// The usernames each pasted link names, and the message's text: tests/unit/profile-username.test.ts.
describe("the Automatic Order username (product rules 4.10)", () => {
  it("refuses a post link beside the field, then reads the username from a pasted profile link", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await fundWallet(account.id, 2_000);
    await signInAs(page, account, "/automatic-order");

    const main = page.getByRole("main");
    const username = main.getByLabel("Target username");
    await username.fill("https://www.instagram.com/p/AbC123/");
    await main.getByLabel("Total posts").focus();
    await main.getByText(profileLinkIsPost("Instagram").message).waitFor();
    expect(await username.getAttribute("aria-invalid")).toBe("true");

    await username.fill("https://www.instagram.com/pasted.profile/?igsh=MTc4MmM1YmI2Ng==");
    expect(await main.getByText(profileLinkIsPost("Instagram").message).count()).toBe(0);
    await main.getByLabel("Total posts").focus();
    await page.waitForFunction(
      () =>
        (document.querySelector('input[name="username"]') as HTMLInputElement | null)?.value ===
        "pasted.profile",
    );
    await main.getByRole("button", { name: "Start Auto Order" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await main.getByTestId("auto-order").getByText("@pasted.profile · Instagram").waitFor();
    assertNoConsoleErrors();
  });
});
