import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders, transactions } from "../../app/db/schema.ts";
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

describe("a drip-feed order from the order page (product rules 2.7)", () => {
  it("takes runs and an interval, shows runs x quantity and its price, and charges that once", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await db().transaction((tx) =>
      postLedgerEntry(tx, { userId: account.id, type: "adjustment", amountCents: cents(2_000) }),
    );
    const post = `https://www.instagram.com/p/Drip${randomUUID().slice(0, 8)}/`;

    // Instagram Views is seeded with drip-feed on ($1.50 per 1000).
    await signInAs(page, account, "/order/instagram-views");
    const main = page.getByRole("main");
    await main.getByLabel("Target URL").fill(post);
    await main.getByLabel("Quantity").fill("1000");
    expect(await page.getByTestId("order-total").textContent()).toBe("$1.50");
    await main.getByLabel("Drip-feed").check();
    await main.getByLabel("Runs").fill("5");
    await main.getByLabel("Interval (minutes)").fill("30");
    await page
      .getByTestId("drip-feed-total-quantity")
      .filter({ hasText: "5 runs × 1,000 = 5,000" })
      .waitFor();
    expect(await page.getByTestId("order-total").textContent()).toBe("$7.50");

    // Runs outside the limits: no total, Place Order waits, the field says why.
    await main.getByLabel("Runs").fill("1");
    expect(await page.getByTestId("order-total").textContent()).toBe("—");
    await main.getByText("Runs must be between 2 and 100.").waitFor();
    expect(await main.getByRole("button", { name: "Place Order" }).isDisabled()).toBe(true);
    await main.getByLabel("Runs").fill("5");

    await main.getByRole("button", { name: "Place Order" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByText("Order Placed Successfully").first().waitFor();

    const [order] = await db().select().from(orders).where(eq(orders.targetLink, post));
    expect(order).toMatchObject({ quantity: 5_000, runs: 5, intervalMinutes: 30, totalCents: 750 });
    const charges = await db()
      .select({ amountCents: transactions.amountCents })
      .from(transactions)
      .where(and(eq(transactions.userId, account.id), eq(transactions.type, "purchase")));
    expect(charges).toEqual([{ amountCents: -750 }]);
    assertNoConsoleErrors();
  });
});
