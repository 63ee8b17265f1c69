import "../support/http.ts";
import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fulfilments, mailOutbox, orders, services } from "../../app/db/schema.ts";
import { mapProviderService } from "../../app/domain/fulfilment/provider-services.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { settingDefaults } from "../../app/domain/settings/defaults.ts";
import { addProviderFromForm } from "../../app/routes/admin.providers.$providerId/provider-page-actions.server.ts";
import { type Browser, launchBrowser, type Page } from "../support/chromium.ts";
import { SLOW_WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { type OwnShop, startOwnShop } from "../support/own-shop.ts";
import { steerablePanel } from "../support/steerable-panel.ts";

/**
 * The operator takes back an order its provider will not cancel (product rules 14.1-14.4, docs/decisions/042), in
 * the browser: the customer's ticket asking to cancel mails support at once (14.21), the admin's Cancel is refused
 * by the provider, the admin opens the order, previews the override to
 * Cancelled with its refund and confirms it; the customer sees the refund in their statement and has its mail.
 * The shop runs on a database of its own with its worker on, so the provider it maps Instagram Likes to never
 * takes another file's orders. The override's amounts, races and refusals: tests/integration/order-overrides.test.ts;
 * its forms over HTTP: tests/integration/http/order-overrides.test.ts.
 */

const KEY = `override-key-${randomUUID()}`;
const upstream = steerablePanel({
  key: KEY,
  services: [{ service: 11, name: "Likes", min: 10, max: 100_000 }],
});
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

let panel: FakePanel;
let browser: Browser;
let shop: OwnShop;

beforeAll(async () => {
  panel = await startFakePanel((form) => upstream.answer(form));
  shop = await startOwnShop({
    databaseName: "boostly_order_override",
    extraEnv: { WORKER: "inline", FULFILMENT_TICK_SECONDS: "0.5", FULFILMENT_POLL_SECONDS: "1" },
  });
  browser = await launchBrowser(inject("chromiumPath"));
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await panel?.close();
});

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe("an order its provider will not cancel", () => {
  it("the admin refunds it by override, and the customer sees the refund in their statement and a mail", async () => {
    const admin = await shop.account({ admin: true });
    const added = await addProviderFromForm(shop.db, {
      adminId: admin.id,
      form: { name: "Refusing Panel", apiUrl: panel.url, apiKey: KEY, supportsIdempotency: "on" },
    });
    if (!added.ok) throw new Error(added.message);
    const [likes] = await shop.db.select().from(services).where(eq(services.slug, "instagram-likes"));
    const mapped = await mapProviderService(shop.db, {
      adminId: admin.id,
      providerId: added.providerId,
      providerServiceId: "11",
      serviceId: likes!.id,
    });
    if (!mapped.ok) throw new Error(mapped.message);
    upstream.refuseCancels = true;

    // The customer's $3.00 order (750 likes at $4.00 per 1000) goes to the provider.
    const customer = await shop.account({ fundsCents: 1_000 });
    const placed = await placeOrder(shop.db, {
      userId: customer.id,
      serviceId: likes!.id,
      quantity: 750,
      targetLink: "https://www.instagram.com/p/OverrideJourney/",
      deliverySpeed: "normal",
    });
    if (!placed.ok) throw new Error(placed.message);
    const { orderNumber } = placed.order;
    expect(placed.order.totalCents).toBe(300);
    const partState = async () =>
      (await shop.db.select().from(fulfilments).where(eq(fulfilments.orderId, placed.order.id)))[0]?.state;
    await expect.poll(partState, { timeout: SLOW_WAIT_TIMEOUT_MS, interval: 250 }).toBe("submitted");

    // The customer asks support to cancel it: support's mail is queued with the ticket, at once (rules 14.21).
    const shopper = await shop.signedInPage(browser, customer, PHONE);
    await shop.open(shopper.page, "/dashboard?tab=support");
    const support = shopper.page.getByRole("tabpanel", { name: "Support" });
    const subject = `Please cancel ${orderNumber}`;
    await support.getByLabel("Category").selectOption({ label: "General Request" });
    await support.getByLabel("Subject").fill(subject);
    await support.getByLabel("Message").fill("I ordered the wrong post, please cancel it.");
    await support.getByRole("button", { name: "Submit Ticket" }).click();
    await shopper.page.getByText("Your ticket has been submitted successfully").first().waitFor();
    const supportMails = await shop.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, settingDefaults.supportEmail),
          like(mailOutbox.subject, `New ticket: ${subject} [%]`),
        ),
      );
    expect(supportMails).toHaveLength(1);
    expect(supportMails[0]?.text).toContain("I ordered the wrong post, please cancel it.");

    // The admin's Cancel: the provider is asked and refuses.
    const { page, assertNoConsoleErrors } = await shop.signedInPage(browser, admin, LAPTOP);
    const main = page.getByRole("main");
    await shop.open(page, `/admin/orders?q=${orderNumber}`);
    const row = main.getByTestId("admin-order-row").filter({ hasText: orderNumber });
    await row.getByText("With provider: Refusing Panel").waitFor();
    await row.getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel order" }).click();
    await row.getByText("Cancel refused by the provider").waitFor();

    // The order's page: the override to Cancelled, previewed with its refund, then confirmed.
    await row.getByRole("link", { name: `Order page of ${orderNumber}` }).click();
    await page.waitForURL((url) => url.pathname === `/admin/orders/${placed.order.id}`);
    await page.waitForLoadState("networkidle");
    const override = main.getByTestId("order-status-card").getByTestId("override-form");
    await override.getByLabel(`Override status of ${orderNumber}`).selectOption("cancelled");
    await override.getByRole("button", { name: "Preview" }).click();
    const dialog = page.getByRole("dialog");
    await expect
      .poll(() => dialog.getByTestId("override-summary").textContent(), { timeout: SLOW_WAIT_TIMEOUT_MS })
      .toBe(
        `Set ${orderNumber} to Cancelled: $3.00 will be refunded to the customer's wallet. The shop stops following Refusing Panel for it; the provider is not asked to cancel.`,
      );
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page
      .getByText(`${orderNumber} is now Cancelled. $3.00 was refunded to the customer's wallet.`)
      .first()
      .waitFor();
    await main.getByText("This order has ended: its status no longer changes.").waitFor();
    expect(await main.getByTestId("order-part").textContent()).toContain("no longer follows it here");
    assertNoConsoleErrors();

    // The order's page at a phone's width: no sideways scroll.
    const phoneAdmin = await shop.signedInPage(browser, admin, PHONE);
    await shop.open(phoneAdmin.page, `/admin/orders/${placed.order.id}`);
    await expectNoSidewaysScroll(phoneAdmin.page, PHONE.width);
    phoneAdmin.assertNoConsoleErrors();

    // The customer's statement shows the refund, and the mail says so.
    await shop.open(shopper.page, "/wallet");
    await shopper.page.getByText(`Refund for order ${orderNumber}`).first().waitFor();
    expect(await shopper.page.getByRole("main").textContent()).toContain("$10.00");
    const [mail] = await shop.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, customer.email), eq(mailOutbox.subject, `Order ${orderNumber} cancelled`)),
      );
    expect(mail?.text).toContain("We refunded $3.00 to your Boostly balance.");
    const [ended] = await shop.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(ended).toMatchObject({ status: "cancelled" });
    expect(upstream.cancelCalls).toHaveLength(1);
    shopper.assertNoConsoleErrors();
  });
});
