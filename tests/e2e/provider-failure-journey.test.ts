import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  fulfilments,
  orders,
  providerServices,
  providers,
  services,
  transactions,
} from "../../app/db/schema.ts";
import { MAX_SUBMIT_ATTEMPTS } from "../../app/domain/fulfilment/back-off.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { settingDefaults } from "../../app/domain/settings/defaults.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { type Browser, launchBrowser, type Page } from "../support/chromium.ts";
import { SLOW_WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { type OwnShop, startOwnShop } from "../support/own-shop.ts";
import { steerablePanel } from "../support/steerable-panel.ts";

/**
 * The operator's journey of product rules 14.10 to 14.15 (docs/decisions/043) in the browser: a provider with a
 * wrong key is refused at save with the panel's reason; with its key broken later (rotated on the panel's side), a
 * customer's order row says why its submission is retrying, the operator gets the alert mail, fixes the key and
 * resends the held part; the customer's order completes and nothing is refunded. The shop runs on its own database with its fulfilment
 * worker on. What each step does to the parts and the money is asserted in tests/integration/failures-in-view.
 * SCREENSHOTS_DIR=... keeps the pages at 1366 and 390 px.
 */

const FIRST_KEY = `failure-journey-${randomUUID()}`;
const ROTATED_KEY = `failure-journey-rotated-${randomUUID()}`;
const upstream = steerablePanel({
  key: FIRST_KEY,
  services: [{ service: 11, name: "Instagram Likes HQ", rate: "1.00", min: 10, max: 5_000 }],
});
/** The one key the panel takes now: the operator's is "broken" when the panel rotates it. */
let acceptedKey = FIRST_KEY;

let panel: FakePanel;
let browser: Browser;
let shop: OwnShop;
const screenshots = process.env.SCREENSHOTS_DIR;

beforeAll(async () => {
  panel = await startFakePanel((form) => {
    if (form.get("key") !== acceptedKey) return { status: 200, body: { error: "Incorrect API key" } };
    form.set("key", FIRST_KEY);
    return upstream.answer(form);
  });
  shop = await startOwnShop({
    databaseName: "boostly_provider_failure_journey",
    extraEnv: {
      WORKER: "inline",
      FULFILMENT_TICK_SECONDS: "0.5",
      FULFILMENT_POLL_SECONDS: "1",
      ALERT_ROUND_SECONDS: "1",
    },
  });
  browser = await launchBrowser(inject("chromiumPath"));
  if (screenshots) mkdirSync(screenshots, { recursive: true });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await panel?.close();
});

async function keep(page: Page, name: string) {
  if (screenshots) await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
}

describe("a provider's failures in the operator's view", () => {
  it("refuses a wrong key at save, shows a broken key's retrying order, and completes it after the key is fixed and the part resent, refunding nothing", async () => {
    const admin = await shop.account({ admin: true });
    const { page, assertNoConsoleErrors } = await shop.signedInPage(browser, admin, 1366);
    const main = page.getByRole("main");

    // A wrong key is refused at save with the panel's own reason, and nothing is stored.
    await shop.open(page, "/admin/providers");
    const add = page.getByRole("form", { name: "Add a provider" });
    await add.getByLabel("Name").fill("Journey Panel");
    await add.getByLabel("API URL").fill(panel.url);
    await add.getByLabel("API key").fill("a-wrong-key");
    await add.getByRole("button", { name: "Add provider" }).click();
    await add.getByText('The provider refused this key: "Incorrect API key"').waitFor();
    await keep(page, "1366-provider-refused");
    expect(await shop.db.$count(providers, eq(providers.isSimulated, false))).toBe(0);

    // The right key: saved, its balance read at once.
    await add.getByLabel("API key").fill(FIRST_KEY);
    await add.getByRole("button", { name: "Add provider" }).click();
    await page.waitForURL((url) => /^\/admin\/providers\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByText("Provider added").first().waitFor();
    const providerPath = new URL(page.url()).pathname;
    const providerId = providerPath.split("/").pop()!;
    const [likes] = await shop.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.slug, "instagram-likes"));
    // Instagram Likes mapped to its service 11 (the mapping's own journey is tests/e2e/catalogue-journey).
    const mapping = {
      providerId,
      providerServiceId: "11",
      minQuantity: 10,
      maxQuantity: 5_000,
      costPer1000: "1.0000",
    };
    await shop.db
      .insert(providerServices)
      .values({ serviceId: likes!.id, ...mapping })
      .onConflictDoUpdate({ target: providerServices.serviceId, set: mapping });

    // The panel rotates its key: the operator's is broken from now on. A customer orders.
    acceptedKey = ROTATED_KEY;
    const customer = await shop.account({ fundsCents: 1_000 });
    const placed = await placeOrder(shop.db, {
      userId: customer.id,
      serviceId: likes!.id,
      quantity: 150,
      targetLink: "https://www.instagram.com/p/FailureJourney/",
      deliverySpeed: "normal",
    });
    if (!placed.ok) throw new Error(placed.message);
    const order = placed.order;
    const part = async () =>
      (await shop.db.select().from(fulfilments).where(eq(fulfilments.orderId, order.id)))[0]!;
    await expect
      .poll(async () => (await part()).lastError, { timeout: SLOW_WAIT_TIMEOUT_MS })
      .toBe("Incorrect API key");

    // The admin's order row says why it waits and when it is tried again.
    await shop.open(page, `/admin/orders?q=${order.orderNumber}`);
    const row = main.getByTestId("admin-order-row").filter({ hasText: order.orderNumber });
    expect(await row.getByTestId("order-trouble").textContent()).toMatch(
      /^Retrying: Incorrect API key, next attempt \d{2}:\d{2} UTC \(attempt 2 of 6\)$/,
    );
    await keep(page, "1366-order-retrying");
    // The customer meanwhile sees the order's ordinary status.
    const shopper = await shop.signedInPage(browser, customer, 390);
    await shop.open(shopper.page, "/orders");
    const card = shopper.page.getByTestId("customer-order").filter({ hasText: order.orderNumber });
    expect(await card.textContent()).toContain("Pending");
    await keep(shopper.page, "390-customer-pending");

    // The operator is told by mail (product rules 14.23): the alert round finds the retrying part and mails the
    // alerts address, which is the support address until Settings name another.
    await shop.open(page, `/dev/mailbox?to=${encodeURIComponent(settingDefaults.supportEmail)}`);
    const alertMail = page
      .getByTestId("mail")
      .filter({ hasText: `Alert: Submission retrying: ${order.orderNumber} at Journey Panel` });
    await expect
      .poll(
        async () => {
          await page.reload();
          return alertMail.count();
        },
        { timeout: SLOW_WAIT_TIMEOUT_MS },
      )
      .toBe(1);
    expect(await alertMail.textContent()).toContain("The provider said: Incorrect API key");

    // Its remaining attempts pass (their back-off made due at once): it gives up and is held, not refunded.
    await shop.db
      .update(fulfilments)
      .set({ attempts: MAX_SUBMIT_ATTEMPTS - 1, nextAttemptAt: sql`now()` })
      .where(and(eq(fulfilments.orderId, order.id), eq(fulfilments.state, "queued")));
    await expect
      .poll(async () => (await part()).state, { timeout: SLOW_WAIT_TIMEOUT_MS })
      .toBe("needs_attention");
    await shop.open(page, `/admin/orders?q=${order.orderNumber}`);
    expect(await row.getByTestId("order-trouble").textContent()).toMatch(
      /^Held: Incorrect API key\. Refunded .* unless resent/,
    );

    // The operator fixes the key on the provider's page (checked on the panel first) ...
    await shop.open(page, providerPath);
    const settings = page.getByRole("form", { name: "Provider settings" });
    await settings.getByLabel("API key").fill(ROTATED_KEY);
    await settings.getByRole("button", { name: "Save provider" }).click();
    await page.getByText("Provider saved").first().waitFor();

    // ... and resends the held part from Needs manual work, where its reason and refund deadline are listed.
    await shop.open(page, "/admin/manual-work");
    const held = main.getByTestId("held-part").filter({ hasText: order.orderNumber });
    expect(await held.textContent()).toContain("Incorrect API key");
    await held.getByTestId("refund-deadline").waitFor();
    await keep(page, "1366-manual-work-held");
    const phone = await shop.signedInPage(browser, admin, 390);
    await shop.open(phone.page, "/admin/manual-work");
    await keep(phone.page, "390-manual-work-held");
    phone.assertNoConsoleErrors();
    await held.getByRole("button", { name: "Resend" }).click();
    await page.getByText("Part resent").first().waitFor();

    // The worker sends it under a fresh key; the panel completes it; the customer's order is Completed.
    await expect.poll(async () => (await part()).state, { timeout: SLOW_WAIT_TIMEOUT_MS }).toBe("submitted");
    const upstreamOrder = upstream.order((await part()).providerOrderId);
    upstreamOrder.status = "Completed";
    upstreamOrder.remains = 0;
    await expect
      .poll(
        async () =>
          (await shop.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0]
            ?.status,
        { timeout: SLOW_WAIT_TIMEOUT_MS },
      )
      .toBe("completed");
    await shop.open(shopper.page, "/orders");
    expect(await card.textContent()).toContain("Completed");
    await keep(shopper.page, "390-customer-completed");
    await shop.open(page, `/admin/orders?q=${order.orderNumber}`);
    expect(await row.getByTestId("order-trouble").count()).toBe(0);
    await keep(page, "1366-order-completed");

    // Nothing was refunded, and every wallet matches its ledger.
    expect(
      await shop.db.$count(
        transactions,
        and(eq(transactions.orderId, order.id), eq(transactions.type, "refund")),
      ),
    ).toBe(0);
    expect(await findLedgerMismatches(shop.db)).toEqual([]);
    expect(upstream.adds).toBe(1);
    assertNoConsoleErrors();
    shopper.assertNoConsoleErrors();
  });
});
