import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders } from "../../app/db/schema.ts";
import { DISCOUNT_TEXT } from "../../app/domain/accounts/user-controls-text.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { openAdminPage, signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { balanceOf, fundWallet, serviceBySlug } from "../support/factories.ts";
import { appUrl, createAccount } from "../support/http.ts";

/**
 * A 10% discount from the admin's field to the customer's charge (product rules 15.27-15.29): the admin sets it on
 * the user page, the customer's order page shows the discounted total and the note as they type, ordering charges
 * exactly that, the balance moves by exactly that, and the ledger check (npm run ledger:check's own function) is
 * clean. The refusals and the API: tests/integration/http/customer-discount.test.ts; the vectors and races:
 * tests/unit/discount.test.ts and tests/integration/customer-discount.test.ts.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

describe("a customer's discount in the browser", () => {
  it("is set by the admin and charged as the customer's order page shows it: $1.00 of likes for $0.90", async () => {
    const customer = await createAccount();
    await fundWallet(customer.id, 1_000);

    const admin = await openAdminPage(browser);
    await admin.page.goto(`${appUrl}/admin/users/${customer.id}`);
    const card = admin.page.getByTestId("discount");
    await card.getByLabel("Discount (%)").fill("10");
    await card.getByRole("button", { name: "Save discount" }).click();
    await admin.page.getByText(DISCOUNT_TEXT.saved("10%")).first().waitFor();
    await card.getByText("10% off every order").waitFor();
    admin.assertNoConsoleErrors();

    const { page, assertNoConsoleErrors } = await openPage(browser);
    const likes = await serviceBySlug("instagram-likes");
    await signInAs(page, customer, `/order/${likes.id}`);
    const main = page.getByRole("main");
    const link = `https://www.instagram.com/p/Disc${randomUUID().replaceAll("-", "").slice(0, 10)}/`;
    await main.getByLabel("Target URL").fill(link);
    // $4.00/1000 x 250 = $1.00 at list price; the total follows the typed quantity, less 10%.
    await main.getByLabel("Quantity").fill("250");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="order-total"]')?.textContent === "$0.90",
    );
    expect(await page.getByTestId("order-discount").textContent()).toBe(DISCOUNT_TEXT.applied("10%"));
    await main.getByLabel(/Fast/).check();
    await main.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByTestId("toast").filter({ hasText: "Order Placed Successfully" }).first().waitFor();

    const [order] = await db().select().from(orders).where(eq(orders.targetLink, link));
    expect(order).toMatchObject({ totalCents: 90, quantity: 250 });
    expect(await balanceOf(customer.id)).toBe(1_000 - 90);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="header-balance"]')?.textContent?.includes("$9.10"),
    );
    expect(await findLedgerMismatches(db())).toEqual([]);
    assertNoConsoleErrors();
  });
});
