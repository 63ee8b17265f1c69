/**
 * Text with a control character (pasted from a PDF or a terminal) is stopped in the browser beside its field, so
 * nothing typed is lost; the server refuses the same text on its own (docs/decisions/015-request-body-policy.md).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { contactMessages } from "../../app/db/schema.ts";
import { BODY_TEXT } from "../../app/lib/request-body.ts";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { appUrl, uniqueEmail } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

describe("control characters in a form", () => {
  it("keeps the contact message, says what is wrong beside it and sends nothing until it is fixed", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser, {
      viewport: { width: 390, height: 844 },
    });
    const email = uniqueEmail("pasted");
    await page.goto(`${appUrl}/contact`);
    const main = page.getByRole("main");
    await main.getByLabel("Name").fill("Ann Example");
    await main.getByLabel("Email").fill(email);
    await main.locator("#contact-subject").selectOption("general");
    const message = main.locator("#contact-message");
    const pasted = "My order has not started\u000b(copied from the invoice PDF)";
    await message.fill(pasted);
    await main.getByRole("button", { name: /send/i }).click();

    await expect
      .poll(() => message.evaluate((field: HTMLTextAreaElement) => field.validationMessage))
      .toBe(BODY_TEXT.controlCharacter);
    expect(await message.inputValue()).toBe(pasted);
    expect(await db().$count(contactMessages, eq(contactMessages.email, email))).toBe(0);

    await message.fill("My order has not started (copied from the invoice PDF)");
    await main.getByRole("button", { name: /send/i }).click();
    await expect.poll(() => db().$count(contactMessages, eq(contactMessages.email, email))).toBe(1);
    assertNoConsoleErrors();
  });
});
