import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { fulfilments, orders, providerServices, services } from "../../app/db/schema.ts";
import { type Browser, launchBrowser } from "../support/chromium.ts";
import { SLOW_WAIT_TIMEOUT_MS, WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { type OwnShop, startOwnShop } from "../support/own-shop.ts";
import { type PanelService, steerablePanel } from "../support/steerable-panel.ts";

/**
 * The operator's journey of product rules 13.1-13.29 (docs/decisions/037-040) in the browser: a new provider whose
 * list holds 60 Telegram services, 50 of them imported in one action into a platform "Telegram" added for them, a
 * customer ordering one with a t.me link, the provider charging for it, and the admin reading its cost, price and
 * margin. The shop runs on a database of its own with its fulfilment worker on, so the platform it lists and the
 * services it enables never show in the pages other files crawl.
 */

const KEY = `journey-key-${randomUUID()}`;
const TELEGRAM_SERVICES: PanelService[] = Array.from({ length: 60 }, (_, index) => ({
  service: 500 + index,
  name: `Telegram Members ${String(index + 1).padStart(2, "0")}`,
  category: "Telegram Members",
  rate: "1.20",
  min: 10,
  max: 10_000,
}));
const upstream = steerablePanel({
  key: KEY,
  services: [
    ...TELEGRAM_SERVICES,
    { service: 900, name: "Instagram Likes HQ", category: "Instagram Likes", rate: "2", min: 50, max: 5_000 },
  ],
});

let panel: FakePanel;
let browser: Browser;
let shop: OwnShop;

beforeAll(async () => {
  panel = await startFakePanel((form) => upstream.answer(form));
  shop = await startOwnShop({
    databaseName: "boostly_catalogue_journey",
    extraEnv: { WORKER: "inline", FULFILMENT_TICK_SECONDS: "0.5", FULFILMENT_POLL_SECONDS: "1" },
  });
  browser = await launchBrowser(inject("chromiumPath"));
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await shop?.close();
  await panel?.close();
});

describe("the operator's catalogue, from a new provider to a customer's order at a known margin", () => {
  it("adds a provider, imports 50 services into a new platform Telegram in one action, sells one for a t.me link and shows its cost, price and margin", async () => {
    const admin = await shop.account({ admin: true });
    const { page, assertNoConsoleErrors } = await shop.signedInPage(browser, admin, 1366);
    const main = page.getByRole("main");

    // A platform for them, with its link rule.
    await shop.open(page, "/admin/platforms");
    await main.getByRole("link", { name: "Add Platform" }).click();
    await main.getByLabel("Name", { exact: true }).fill("Telegram");
    await main.getByLabel("Address", { exact: true }).fill("telegram");
    await main.getByLabel("Link hosts", { exact: true }).fill("t.me, telegram.me");
    await main.getByLabel("Order", { exact: true }).fill("100");
    await main.getByRole("button", { name: "Create Platform" }).click();
    await page.getByText("Platform created").first().waitFor();

    // The provider, added and synced.
    await shop.open(page, "/admin/providers");
    const add = page.getByRole("form", { name: "Add a provider" });
    await add.getByLabel("Name").fill("Journey Panel");
    await add.getByLabel("API URL").fill(panel.url);
    await add.getByLabel("API key").fill(KEY);
    await add.getByRole("button", { name: "Add provider" }).click();
    await page.waitForURL((url) => /^\/admin\/providers\/[0-9a-f-]{36}$/.test(url.pathname), {
      timeout: WAIT_TIMEOUT_MS,
    });
    await page.getByRole("button", { name: "Sync now" }).click();
    await page.getByText("Provider synced").first().waitFor();

    // 50 of its services: the Telegram category's first page, all ticked, imported and enabled in one action.
    const search = page.getByRole("form", { name: "Search the provider's services" });
    await search.getByLabel("Category").selectOption("Telegram Members");
    await search.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("category") === "Telegram Members");
    await page.waitForLoadState("networkidle");
    const importForm = page.getByRole("form", { name: "Import the selected services" });
    await expect.poll(() => importForm.getByTestId("catalogue-row").count()).toBe(50);
    await importForm.getByLabel("Select all on this page").check();
    await expect.poll(() => importForm.getByTestId("catalogue-count").textContent()).toContain("50 selected");
    await importForm.getByLabel("Platform").selectOption("telegram");
    await importForm.getByLabel("Delivered to").selectOption("profile");
    await importForm.getByLabel(/Enable at once/).check();
    const started = Date.now();
    await importForm.getByRole("button", { name: "Import 50 selected" }).click();
    await page.getByText("50 services imported").first().waitFor({ timeout: SLOW_WAIT_TIMEOUT_MS });
    const importMs = Date.now() - started;
    const imported = await shop.db
      .select({
        platform: services.platform,
        enabled: services.enabled,
        price: services.pricePer1000,
        targetKind: services.targetKind,
      })
      .from(services)
      .innerJoin(providerServices, eq(providerServices.serviceId, services.id));
    expect(imported).toHaveLength(50);
    expect(
      imported.every((row) => row.platform === "telegram" && row.enabled && row.targetKind === "profile"),
    ).toBe(true);
    // $1.20 per 1000 upstream at the provider's default markup of 50%.
    expect(new Set(imported.map((row) => row.price))).toEqual(new Set(["1.8000"]));
    assertNoConsoleErrors();

    // A customer finds it under Telegram and orders 500 for a t.me link; a link elsewhere is refused first.
    const customer = await shop.account({ fundsCents: 5_000 });
    const shopper = await shop.signedInPage(browser, customer, 390);
    const storefront = shopper.page.getByRole("main");
    await shop.open(shopper.page, "/services/telegram");
    const card = storefront.getByRole("article").filter({ hasText: "Telegram Members 07" });
    expect(await card.textContent()).toContain("Delivery: starts within minutes, to your profile");
    await storefront
      .getByRole("link", { name: /Telegram Members 07/ })
      .first()
      .click();
    await shopper.page.waitForURL((url) => url.pathname.startsWith("/order/"));
    await shopper.page.waitForLoadState("networkidle");
    await storefront.getByLabel("Target URL").fill("https://www.instagram.com/somebody/");
    await storefront.getByLabel("Quantity").fill("500");
    await storefront.getByRole("button", { name: "Place Order" }).click();
    await shopper.page.getByText("Please enter a valid Telegram link").first().waitFor();
    await storefront.getByLabel("Target URL").fill("https://t.me/boostly_journey");
    await storefront.getByRole("button", { name: "Place Order" }).click();
    const [placed] = await (async () => {
      await expect
        .poll(() => shop.db.$count(orders, eq(orders.userId, customer.id)), { timeout: WAIT_TIMEOUT_MS })
        .toBe(1);
      return shop.db.select().from(orders).where(eq(orders.userId, customer.id));
    })();
    // 500 at $1.80 per 1000: $0.90.
    expect(placed).toMatchObject({ totalCents: 90, targetLink: "https://t.me/boostly_journey" });
    shopper.assertNoConsoleErrors();

    // The worker sends it to the provider, which completes it and states its charge: 500 at $1.20 is $0.60.
    await expect.poll(() => upstream.orders.size, { timeout: SLOW_WAIT_TIMEOUT_MS, interval: 250 }).toBe(1);
    const [upstreamId, upstreamOrder] = [...upstream.orders.entries()][0]!;
    expect(upstreamOrder).toMatchObject({
      link: "https://t.me/boostly_journey",
      quantity: 500,
      service: "506",
    });
    upstream.orders.set(upstreamId!, { ...upstreamOrder!, status: "Completed", remains: 0, charge: "0.60" });
    await expect
      .poll(
        async () =>
          (
            await shop.db
              .select({ cost: fulfilments.costCents, order: orders.status })
              .from(fulfilments)
              .innerJoin(orders, eq(orders.id, fulfilments.orderId))
              .where(eq(orders.id, placed!.id))
          )[0],
        { timeout: SLOW_WAIT_TIMEOUT_MS, interval: 250 },
      )
      .toEqual({ cost: 60, order: "completed" });

    // The admin reads what the service costs and leaves, and what the order sold for, cost and left.
    await shop.open(page, "/admin/services?q=Telegram+Members+07");
    const serviceRow = main.getByTestId("admin-service-row").filter({ hasText: "Telegram Members 07" });
    expect(await serviceRow.getByTestId("admin-service-price").textContent()).toContain("$1.80");
    expect(await serviceRow.getByTestId("admin-service-cost").textContent()).toContain("$1.20");
    expect(await serviceRow.getByTestId("admin-service-cost").textContent()).toContain("Journey Panel");
    expect(await serviceRow.getByTestId("admin-service-margin").textContent()).toContain("$0.60");
    expect(await serviceRow.getByTestId("admin-service-margin").textContent()).toContain("33.3%");
    await shop.open(page, `/admin/orders?q=${placed!.orderNumber}`);
    const row = main.getByTestId("admin-order-row").filter({ hasText: placed!.orderNumber });
    await row.waitFor();
    expect(await row.getByTestId("admin-order-money").textContent()).toContain("$0.90");
    expect(await row.getByTestId("admin-order-cost").textContent()).toBe("$0.60");
    expect(await row.getByTestId("admin-order-margin").textContent()).toBe("$0.30");
    assertNoConsoleErrors();
    console.info(`catalogue journey: 50 services imported in one action in ${importMs} ms`);
  });
});
