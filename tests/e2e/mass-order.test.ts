import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { services } from "../../app/db/schema.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";
import { signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { createAccount } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

async function apiIdOf(slug: string): Promise<number> {
  const [row] = await db().select({ apiId: services.apiId }).from(services).where(eq(services.slug, slug));
  if (!row) throw new Error(`no service ${slug}`);
  return row.apiId;
}

// What a preview and an order charge (nothing; one charge per placed line): tests/integration/mass-order.test.ts.
describe("mass order in the browser (product rules 4.8)", () => {
  it("previews 5 lines with 2 bad ones, places 3 orders with 3 charges and shows 2 clear refusals", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await db().transaction((tx) =>
      postLedgerEntry(tx, { userId: account.id, type: "adjustment", amountCents: cents(1_000) }),
    );
    const tag = randomUUID().slice(0, 8);
    const [likes, views, followers] = await Promise.all(
      ["instagram-likes", "instagram-views", "instagram-followers"].map(apiIdOf),
    );
    const paste = [
      `${likes} | https://www.instagram.com/p/Mass${tag}A/ | 150`,
      `${likes} | https://www.instagram.com/p/Mass${tag}B/ | 50`,
      `${views} | https://www.instagram.com/p/Mass${tag}C/ | 1000`,
      `999999 | https://www.instagram.com/p/Mass${tag}D/ | 100`,
      `${followers} | mass_${tag} | 100`,
    ].join("\n");

    // Reached from the user menu.
    await signInAs(page, account, "/dashboard");
    await page.getByTestId("user-menu-button").click();
    await page.getByRole("link", { name: "Mass Order" }).first().click();
    await page.waitForURL((url) => url.pathname === "/mass-order");
    const main = page.getByRole("main");
    await main.getByLabel("Orders, one per line").fill(paste);
    await main.getByRole("button", { name: "Preview" }).click();

    const preview = main.getByRole("region", { name: "Preview" });
    await preview.getByTestId("mass-order-total").waitFor();
    expect(await preview.getByTestId("mass-order-total").textContent()).toBe("$3.60");
    await preview.getByText("Quantity must be between 100 and 100,000.").waitFor();
    await preview
      .getByText("No service has the id 999999: see the service ids listed on this page.")
      .waitFor();
    await preview.getByText("Your balance of $10.00 covers the $3.60.").waitFor();

    await main.getByRole("button", { name: "Place orders" }).click();
    const summary = page.getByTestId("mass-order-summary");
    await summary.waitFor();
    expect(await summary.textContent()).toBe(
      "3 orders placed for $3.60; 2 lines not placed, nothing charged for them.",
    );
    const lines = main.getByTestId("mass-order-line");
    expect(await lines.count()).toBe(5);
    expect(await main.locator("[data-testid=mass-order-line][data-ok=true]").count()).toBe(3);
    await main.getByText("Quantity must be between 100 and 100,000.").waitFor();
    expect(await main.getByText(/^ORD-\d{6,}: /).count()).toBe(3);
    assertNoConsoleErrors();
  });
});
