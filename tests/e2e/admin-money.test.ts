import { randomInt } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders, providerServices, services, users } from "../../app/db/schema.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { openAdminPage } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser } from "../support/chromium.ts";
import { appUrl } from "../support/http.ts";
import { ledger, order, provider } from "../support/money-rows.ts";

/**
 * Profit in view, in the browser (product rules 13.30-13.34): a service's cost and margin on the services list, an
 * order's charge, cost and margin on the orders list (an unknown cost said as such), and the dashboard's money by
 * day, service and provider for a chosen period, at a phone's width and a laptop's, with nothing wider than the
 * page. The figures' arithmetic: tests/integration/money-figures.test.ts; the exports: http/admin-exports.test.ts.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
const DAY_MS = 86_400_000;

let browser: Browser;
// A day inside the last 90 but not the last 7, that no other test writes to.
const day = new Date(Date.now() - 47 * DAY_MS).toISOString().slice(0, 10);
const at = (time: string) => new Date(`${day}T${time}Z`);
// Digits only: the lists show a service's name in title case.
const suffix = String(randomInt(10_000_000, 100_000_000));
const serviceName = `E2E Margin Likes ${suffix}`;
const providerName = `E2E Money Panel ${suffix}`;
const orderNumbers: { known: string; unknown: string } = { known: "", unknown: "" };

beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
  // A service of our own (not listed in the storefront) at $5.00 per 1000, mapped at a cost of $3.00 per 1000.
  const [template] = await db().select().from(services).where(eq(services.slug, "instagram-likes"));
  const { id: _id, apiId: _apiId, createdAt: _c, updatedAt: _u, ...fields } = template!;
  const [service] = await db()
    .insert(services)
    .values({
      ...fields,
      name: serviceName,
      slug: `e2e-margin-${suffix}`,
      enabled: false,
      pricePer1000: "5.0000",
    })
    .returning({ id: services.id });
  const panel = await provider(providerName);
  await db().insert(providerServices).values({
    serviceId: service!.id,
    providerId: panel,
    providerServiceId: "77",
    providerServiceType: "Default",
    costPer1000: "3.0000",
  });
  const [customer] = await db()
    .insert(users)
    .values({ email: `e2e-money-${suffix}@example.test`, emailVerified: true })
    .returning();
  await ledger(customer!.id, { type: "deposit", amountCents: 5_000, at: at("09:00:00") });
  // $10.00 of likes sent at a cost of $6.00; $5.00 more sent with no cost known yet.
  const known = await order({
    userId: customer!.id,
    serviceId: service!.id,
    totalCents: 1_000,
    placed: at("10:00:00"),
    providerId: panel,
    part: { costCents: cents(600) },
  });
  const unknown = await order({
    userId: customer!.id,
    serviceId: service!.id,
    totalCents: 500,
    placed: at("11:00:00"),
    providerId: panel,
    part: { costCents: null, state: "submitted", outcome: null },
  });
  const numbers = await db()
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, [known, unknown]));
  orderNumbers.known = numbers.find((row) => row.id === known)!.orderNumber;
  orderNumbers.unknown = numbers.find((row) => row.id === unknown)!.orderNumber;
});
afterAll(async () => {
  await browser?.close();
});

/** The page's own width: nothing may make a phone scroll sideways. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The cells of the row of `testId` that names `name`, each as it reads. */
async function rowCells(page: Page, testId: string, name: string) {
  const row = page.getByTestId(testId).filter({ hasText: name });
  await row.waitFor();
  return row.locator("th, td").allTextContents();
}

describe.each([
  ["a phone", PHONE],
  ["a laptop", LAPTOP],
])("the admin's money on %s", (_label, viewport) => {
  it("shows a service's cost and margin, and an order's charge, cost and margin", async () => {
    const { page, context, assertNoConsoleErrors } = await openAdminPage(browser);
    await page.setViewportSize(viewport);

    await page.goto(`${appUrl}/admin/services?q=${encodeURIComponent(serviceName)}`);
    const service = page.getByRole("row").filter({ hasText: serviceName });
    await service.waitFor();
    expect(await service.getByTestId("admin-service-cost").textContent()).toBe(`$3.00${providerName}`);
    expect(await service.getByTestId("admin-service-margin").textContent()).toBe("$2.0040%");

    await page.goto(`${appUrl}/admin/orders?q=${orderNumbers.known}`);
    const known = page.getByTestId("admin-order-row").filter({ hasText: orderNumbers.known });
    await known.waitFor();
    const money = known.getByTestId("admin-order-money");
    expect(await money.textContent()).toContain("Charge$10.00");
    expect(await money.getByTestId("admin-order-cost").textContent()).toBe("$6.00");
    expect(await money.getByTestId("admin-order-margin").textContent()).toBe("$4.00");
    expect(await money.isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, viewport.width);

    await page.goto(`${appUrl}/admin/orders?q=${orderNumbers.unknown}`);
    const unknown = page.getByTestId("admin-order-row").filter({ hasText: orderNumbers.unknown });
    await unknown.waitFor();
    expect(await unknown.getByTestId("admin-order-cost").textContent()).toBe("Unknown");
    expect(await unknown.getByTestId("admin-order-margin").textContent()).toBe("Unknown");
    assertNoConsoleErrors();
    await context.close();
  });

  it("shows the period's money by day, service and provider, and another period on a click", async () => {
    const { page, context, assertNoConsoleErrors } = await openAdminPage(browser);
    await page.setViewportSize(viewport);
    await page.goto(`${appUrl}/admin?days=90`);
    await page.getByTestId("period-label").filter({ hasText: "Last 90 days" }).waitFor();
    expect(await page.getByRole("link", { name: "90 days" }).getAttribute("aria-current")).toBe("page");
    for (const testId of ["money-deposits", "money-sales", "money-refunds", "money-spend", "money-profit"])
      expect(await page.getByTestId(testId).isVisible(), testId).toBe(true);

    // $15.00 sold, $6.00 spent, one part's cost unknown: profit at most $9.00, 60% of the sales.
    const figures = [
      "2",
      "$15.00",
      "$0.00",
      "$6.001 part's cost unknown: not counted",
      "at most $9.00",
      "60%",
    ];
    expect(await rowCells(page, "profit-by-service-row", serviceName)).toEqual([serviceName, ...figures]);
    expect(await rowCells(page, "profit-by-provider-row", providerName)).toEqual([providerName, ...figures]);

    const chart = page.getByTestId("chart-profit");
    await chart.getByText("Show the numbers as a table").click();
    const dayRow = chart.getByRole("row").filter({ hasText: day });
    await dayRow.waitFor();
    // Deposits, sales, refunds, spend (one unknown), profit, bonuses, adjustments.
    expect((await dayRow.textContent())?.replace(/\s+/g, " ")).toBe(
      `${day}$50.00$15.00$0.00$6.001 unknown$9.00$0.00$0.00`,
    );
    await expectNoSidewaysScroll(page, viewport.width);
    const exports = page.getByTestId("money-exports");
    expect(await exports.getByRole("link", { name: "Orders" }).getAttribute("href")).toMatch(
      /^\/admin\/export\/orders\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    );

    // The last 7 days leave that day out.
    await page.getByRole("link", { name: "7 days" }).click();
    await page.waitForURL((url) => url.searchParams.get("days") === "7");
    await page.getByTestId("period-label").filter({ hasText: "Last 7 days" }).waitFor();
    await expect.poll(() => page.getByTestId("money-loading").textContent()).toBe("");
    expect(await page.getByTestId("profit-by-provider-row").filter({ hasText: providerName }).count()).toBe(
      0,
    );
    await expectNoSidewaysScroll(page, viewport.width);
    assertNoConsoleErrors();
    await context.close();
  });
});
