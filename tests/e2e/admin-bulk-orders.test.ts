import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders, services, transactions } from "../../app/db/schema.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";
import { openAdminPage } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser } from "../support/chromium.ts";
import { balanceOf } from "../support/factories.ts";
import { appUrl, createAccount } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

describe("bulk actions on the admin orders list (product rules 14.32, 14.33)", () => {
  it("finds orders by link, selects them by keyboard, previews the refund and cancels them with one refund each", async () => {
    const customer = await createAccount();
    await db().transaction((tx) =>
      postLedgerEntry(tx, { userId: customer.id, type: "adjustment", amountCents: cents(5_000) }),
    );
    const [likes] = await db().select().from(services).where(eq(services.slug, "instagram-likes"));
    const handle = `Bulk${randomUUID().slice(0, 8)}`;
    const placed = [];
    for (const index of [1, 2, 3]) {
      const result = await placeOrder(db(), {
        userId: customer.id,
        serviceId: likes!.id,
        quantity: 500,
        targetLink: `https://www.instagram.com/p/${handle}${index}/`,
        deliverySpeed: "normal",
      });
      if (!result.ok) throw new Error(result.message);
      placed.push(result.order);
    }
    // One of them was delivered already: the bulk cancel leaves it and says so.
    await db().update(orders).set({ status: "completed" }).where(eq(orders.id, placed[2]!.id));
    const charged = await balanceOf(customer.id);

    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    await page.goto(`${appUrl}/admin/orders`);
    const search = page.getByRole("searchbox", { name: /Search by order number, link/ });
    await search.fill(handle.toLowerCase());
    await search.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === handle.toLowerCase());
    await expect.poll(() => page.getByTestId("admin-order-row").count()).toBe(3);
    expect(await page.getByTestId("filter-all").textContent()).toBe("All (3)");
    expect(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      `/admin/export/orders.csv?q=${handle.toLowerCase()}`,
    );

    // Keyboard only: "Select all on this page" by its label, Space ticks every row.
    const selectAll = page.getByLabel("Select all on this page");
    await selectAll.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => page.getByTestId("bulk-selected").textContent()).toBe("3 orders selected");
    await page.getByLabel(`Select ${placed[0]!.orderNumber}`).uncheck();
    await expect.poll(() => page.getByTestId("bulk-selected").textContent()).toBe("2 orders selected");
    await page.getByLabel(`Select ${placed[0]!.orderNumber}`).check();
    await page.getByLabel("Action", { exact: true }).selectOption("cancelled");
    await page.getByRole("button", { name: "Review" }).click();

    const question = page.getByRole("alertdialog");
    await question.waitFor();
    const total = placed[0]!.totalCents + placed[1]!.totalCents;
    const dollars = `$${(total / 100).toFixed(2)}`;
    expect(await question.getByRole("heading").textContent()).toBe(
      `Cancel 2 orders? ${dollars} will be refunded to the customers' wallets.`,
    );
    expect(await question.textContent()).toContain(
      `${placed[2]!.orderNumber} will not change (already completed).`,
    );
    // The question takes the focus, so the keyboard is next to Confirm; nothing moved yet.
    await expect
      .poll(() => question.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    expect(await balanceOf(customer.id)).toBe(charged);
    await question.getByRole("button", { name: "Cancel the orders" }).click();

    await page
      .getByRole("status")
      .filter({
        hasText: `2 orders cancelled, 1 refused: ${placed[2]!.orderNumber} (already completed). ${dollars} refunded.`,
      })
      // The toast and the notice beside the bulk bar say the same.
      .first()
      .waitFor();
    await expect.poll(() => page.getByTestId("bulk-selected").textContent()).toBe("0 orders selected");
    expect(await page.getByTestId("filter-cancelled").textContent()).toBe("Cancelled (2)");
    expect(await balanceOf(customer.id)).toBe(charged + total);
    const refunds = await db()
      .select({ orderId: transactions.orderId, amountCents: transactions.amountCents })
      .from(transactions)
      .where(
        and(
          eq(transactions.type, "refund"),
          inArray(
            transactions.orderId,
            placed.map((order) => order.id),
          ),
        ),
      );
    expect(refunds).toHaveLength(2);
    expect(await findLedgerMismatches(db())).toEqual([]);
    assertNoConsoleErrors();
  });
});
