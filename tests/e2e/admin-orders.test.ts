import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders, services, transactions } from "../../app/db/schema.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
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

async function _refundsOf(orderId: string): Promise<number> {
  return db().$count(transactions, and(eq(transactions.orderId, orderId), eq(transactions.type, "refund")));
}

describe("admin orders", () => {
  it("creates a manual order for a customer, cancels it with one refund after a confirmation, and offers no second change", async () => {
    const customer = await createAccount();
    const funded = await db().transaction((tx) =>
      postLedgerEntry(tx, {
        userId: customer.id,
        type: "adjustment",
        amountCents: cents(1_000),
        metadata: { reason: "e2e funding" },
      }),
    );
    expect(funded.posted).toBe(true);

    const { page, admin, assertNoConsoleErrors } = await openAdminPage(browser);

    // The manual order form, with the customer preselected from the user page's link.
    await page.goto(`${appUrl}/admin/users/${customer.id}`);
    await page.getByRole("link", { name: "Create manual order" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/manual-order");
    const form = page.getByRole("main");
    await expect.poll(() => form.getByLabel("User", { exact: true }).inputValue()).toBe(customer.id);
    await form
      .getByLabel("Service", { exact: true })
      .selectOption({ label: "Instagram - Instagram Likes ($4.00/1000)" });
    await form.getByLabel("Quantity").fill("1000");
    await form.getByLabel("Target Link").fill("https://www.instagram.com/p/AdminE2E/");
    await form.getByLabel("Admin Notes (optional)").fill("Support goodwill");
    expect(await page.getByTestId("manual-order-total").textContent()).toBe("$4.00");
    await form.getByRole("button", { name: "Create Order" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/orders");
    await page.getByText("Order Created Successfully").first().waitFor();

    const [order] = await db().select().from(orders).where(eq(orders.userId, customer.id));
    expect(order).toMatchObject({ createdByAdminId: admin.id, totalCents: 400, status: "pending" });
    expect(await balanceOf(customer.id)).toBe(600);
    const row = page.getByTestId("admin-order-row").filter({ hasText: order!.orderNumber });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain(customer.email);

    // Cancel: a confirmation names the refund (nothing was sent to a provider), then the whole charge comes back, once.
    await row.getByLabel(`Status of ${order!.orderNumber}`).selectOption("cancelled");
    await row.getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: `Cancel ${order!.orderNumber}?` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(
      "It has not been sent to a provider: $4.00 goes back to the customer's wallet now.",
    );
    expect(await balanceOf(customer.id)).toBe(600);
    // Escape keeps the order; asked again, the admin confirms.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await balanceOf(customer.id)).toBe(600);
    await row.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await page.getByText("Order status updated successfully").first().waitFor();
    await expect.poll(() => row.getByTestId("status-badge").textContent()).toBe("Cancelled");

    // A refunded status is final: no status control is offered, and the server refuses a change sent anyway.
    await row.getByTestId("status-final").waitFor();
    // Focus stays with this order, not lost to the page, though the control that had it is gone.
    await expect.poll(() => row.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    expect(await row.getByLabel(`Status of ${order!.orderNumber}`).count()).toBe(0);
    // The server's refusal of a change sent anyway: tests/integration/admin-orders.test.ts.

    // The user page shows the balance and the single refund.
    await page.goto(`${appUrl}/admin/users/${customer.id}`);
    expect(await page.getByTestId("user-balance").textContent()).toBe("$10.00");
    await page.getByRole("tab", { name: "Transactions" }).click();
    const refunds = page.getByTestId("user-transaction-row").filter({ hasText: "refund" });
    await expect.poll(() => refunds.count()).toBe(1);
    assertNoConsoleErrors();
  });

  it("lists an order only a person can deliver under Needs manual work, counted on /admin, until it is completed", async () => {
    const customer = await createAccount();
    await db().transaction((tx) =>
      postLedgerEntry(tx, { userId: customer.id, type: "adjustment", amountCents: cents(1_000) }),
    );
    // No provider is mapped on the suite's servers: every order is delivered by hand.
    const [likes] = await db().select().from(services).where(eq(services.slug, "instagram-likes"));
    const placed = await placeOrder(db(), {
      userId: customer.id,
      serviceId: likes!.id,
      quantity: 150,
      targetLink: "https://www.instagram.com/p/ManualWork1/",
      deliverySpeed: "normal",
    });
    if (!placed.ok) throw new Error(placed.message);
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);

    await page.goto(`${appUrl}/admin`);
    const count = Number(
      (await page.getByTestId("needs-manual-work-count").textContent())?.replace(/,/g, ""),
    );
    expect(count).toBeGreaterThanOrEqual(1);
    await page.getByTestId("needs-manual-work").click();
    await page.waitForURL((url) => url.pathname === "/admin/manual-work");
    await page.getByRole("heading", { name: "Needs Manual Work", level: 1 }).waitFor();
    // Oldest first: the newest order is on the last page (the suite's servers share one database).
    await page.goto(`${appUrl}/admin/manual-work?page=100000`);
    const row = page.getByTestId("admin-order-row").filter({ hasText: placed.order.orderNumber });
    await row.waitFor();
    await row.getByLabel(`Status of ${placed.order.orderNumber}`).selectOption("completed");
    await row.getByRole("button", { name: "Save" }).click();
    await page.getByText("Order status updated successfully").first().waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Needs Manual Work", level: 1 }).waitFor();
    expect(
      await page.getByTestId("admin-order-row").filter({ hasText: placed.order.orderNumber }).count(),
    ).toBe(0);
    assertNoConsoleErrors();
  });
});
