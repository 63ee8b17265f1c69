import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog, orders } from "../../app/db/schema.ts";
import { VIEW_AS_TEXT } from "../../app/domain/accounts/view-as-text.ts";
import { openAdminPage } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser } from "../support/chromium.ts";
import { balanceOf, fundWallet, serviceBySlug } from "../support/factories.ts";
import { appUrl, signedInCustomer } from "../support/http.ts";

/**
 * An admin views the shop as a customer (product rules 15.31-15.34): the button on the customer's admin page, the
 * customer's dashboard, orders and wallet under the banner, an order refused with the message, and the banner's
 * way back to the admin, at a phone's width. Every storefront action refused and what each writes (nothing), the
 * caches, expiry and sign-out: tests/integration/http/view-as.test.ts.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

describe("viewing the shop as a customer", () => {
  it("shows the customer's pages under the banner, refuses an order, and returns to the admin", async () => {
    const customer = await signedInCustomer();
    await fundWallet(customer.id, 12_345);
    const likes = await serviceBySlug("instagram-likes");
    const placed = await customer.visitor.request("/quick-order", {
      form: {
        serviceId: likes.id,
        targetLink: "https://www.instagram.com/p/ViewedOrder1/",
        quantity: "1000",
        idempotencyKey: randomUUID(),
      },
    });
    expect(placed.status).toBe(302);
    const [order] = await db().select().from(orders).where(eq(orders.userId, customer.id));
    const balance = await balanceOf(customer.id);
    expect(balance).toBe(11_945);

    const { page, admin, assertNoConsoleErrors } = await openAdminPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${appUrl}/admin/users/${customer.id}`);
    await page.getByRole("button", { name: VIEW_AS_TEXT.button }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    const banner = page.getByTestId("viewing-banner");
    await banner.getByText(VIEW_AS_TEXT.banner(customer.email)).waitFor();
    await page.getByText(VIEW_AS_TEXT.startedTitle, { exact: true }).first().waitFor();
    expect(await page.getByTestId("account-balance").textContent()).toBe("$119.45");
    expect(await page.getByTestId("header-balance").first().textContent()).toContain("$119.45");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto(`${appUrl}/orders`);
    await page.getByRole("main").getByText(order!.orderNumber).first().waitFor();
    await banner.waitFor();
    await page.goto(`${appUrl}/wallet`);
    await page.getByRole("main").getByText("$119.45").first().waitFor();
    await banner.waitFor();

    // An order placed from the customer's own order form is refused with the message; nothing is charged.
    await page.goto(`${appUrl}/quick-order`);
    const form = page.getByRole("main");
    await form.getByLabel("Service", { exact: true }).selectOption({ label: "Instagram Likes ($4.00/1000)" });
    await form.getByLabel("Target link").fill("https://www.instagram.com/p/ViewedOrder2/");
    await form.getByLabel("Quantity").fill("1000");
    await form.getByRole("button", { name: "Place Order" }).click();
    await page.getByText(VIEW_AS_TEXT.readOnly).first().waitFor();
    expect(await balanceOf(customer.id)).toBe(balance);
    expect(await balanceOf(admin.id)).toBe(0);
    expect(
      await db()
        .select()
        .from(orders)
        .where(inArray(orders.userId, [customer.id, admin.id])),
    ).toHaveLength(1);

    await banner.getByRole("button", { name: VIEW_AS_TEXT.returnToAdmin }).click();
    await page.waitForURL((url) => url.pathname === `/admin/users/${customer.id}`);
    await page.getByText(VIEW_AS_TEXT.endedTitle, { exact: true }).first().waitFor();
    expect(await page.getByTestId("viewing-banner").count()).toBe(0);
    await page.goto(`${appUrl}/dashboard`);
    expect(await page.getByTestId("viewing-banner").count()).toBe(0);
    expect(await page.getByTestId("account-balance").textContent()).toBe("$0.00");

    const audit = await db()
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, admin.id), eq(adminAuditLog.subjectId, customer.id)))
      .orderBy(adminAuditLog.id);
    expect(audit.map((row) => row.action)).toEqual(["user.view_as", "user.view_as_end"]);
    assertNoConsoleErrors();
  });
});
