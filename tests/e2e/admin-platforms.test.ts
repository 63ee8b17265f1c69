import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { platforms, serviceCategories, services } from "../../app/db/schema.ts";
import { openAdminPage } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, type Page } from "../support/chromium.ts";
import { appUrl } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Opens a page and waits until it has hydrated, so what the test types is not reset by React taking over. */
async function open(page: Page, path: string) {
  await page.goto(`${appUrl}${path}`);
  await page.waitForLoadState("networkidle");
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * The Platforms page in the browser, on a phone and on a laptop (docs/decisions/038): an operator adds Telegram
 * with its link hosts and a category, and the service form offers it (and keeps a service's own platform). What the
 * saves store and refuse: tests/integration/platforms.test.ts; the storefront's menus and lists:
 * tests/integration/http/operator-platforms.test.ts. The platform stays unlisted here: the servers' database is the
 * run's, and a listed platform would come and go in the sitemap another file reads.
 */
describe("the admin's Platforms page", () => {
  it.each([
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ])("adds a platform and its category, offered by the service form, at %o", async (viewport) => {
    const marker = randomUUID().slice(0, 8);
    const slug = `telegram-${marker}`;
    const name = `Telegram ${marker}`;
    cleanups.push(async () => {
      await db().delete(services).where(eq(services.platform, slug));
      await db().delete(serviceCategories).where(eq(serviceCategories.platform, slug));
      await db().delete(platforms).where(eq(platforms.slug, slug));
    });
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    await page.setViewportSize(viewport);
    const main = page.getByRole("main");

    await open(page, "/admin/platforms");
    await main.getByRole("link", { name: "Add Platform" }).click();
    await main.getByLabel("Name", { exact: true }).fill(name);
    await main.getByLabel("Address", { exact: true }).fill("Not An Address");
    await main.getByLabel("Link hosts", { exact: true }).fill("https://t.me, telegram.me");
    await main.getByLabel("Order", { exact: true }).fill("900");
    await main.getByLabel("Listed (a public list and a place in the Services menus)").uncheck();
    await main.getByRole("button", { name: "Create Platform" }).click();
    await main.getByText(/Enter the platform's address: lower-case letters/).waitFor();
    await expectNoSidewaysScroll(page, viewport.width);
    await main.getByLabel("Address", { exact: true }).fill(slug);
    await main.getByRole("button", { name: "Create Platform" }).click();
    await page.getByText("Platform created").first().waitFor();
    await page.waitForURL((url) => url.search === `?edit=${slug}`);

    // Its categories, on its own page: add, then rename in the row.
    await main.getByLabel("New category name").fill("Members");
    await main.getByRole("button", { name: "Add Category" }).click();
    await page.getByText("Category added").first().waitFor();
    const row = main.getByTestId("category-row");
    await expect.poll(() => row.count()).toBe(1);
    await row.getByLabel("Members: name").fill("Subscribers");
    await row.getByRole("button", { name: "Save" }).click();
    await page.getByText("Category saved").first().waitFor();
    await main.getByRole("form", { name: "Category Subscribers" }).waitFor();
    const listed = await main.getByRole("row").filter({ hasText: name }).textContent();
    expect(listed).toContain("t.me, telegram.me");
    expect(listed).toContain("Not listed");
    await expectNoSidewaysScroll(page, viewport.width);

    // The service form offers the new platform and its categories.
    await open(page, "/admin/services?new=1");
    await main.getByLabel("Name", { exact: true }).fill(`${name} Subscribers`);
    await main.getByLabel("Platform", { exact: true }).selectOption(slug);
    await main.getByLabel("Category", { exact: true }).selectOption({ label: "Subscribers" });
    await main.getByLabel("Delivered to", { exact: true }).selectOption("profile");
    await main.getByLabel("Price per 1000 ($)", { exact: true }).fill("3");
    await main.getByLabel("Min quantity", { exact: true }).fill("10");
    await main.getByLabel("Max quantity", { exact: true }).fill("10000");
    await main.getByRole("button", { name: "Create Service" }).click();
    await page.getByText("Service created successfully").first().waitFor();
    const [service] = await db().select().from(services).where(eq(services.platform, slug));
    expect(service).toMatchObject({ enabled: true });

    // Deleting a platform a service uses is refused, and says why.
    await open(page, "/admin/platforms");
    await main.getByRole("button", { name: `Delete ${name}` }).click();
    await page
      .getByRole("dialog", { name: "Delete this platform?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await page
      .getByText("1 service uses this platform: move it to another platform or delete it first.")
      .first()
      .waitFor();
    assertNoConsoleErrors();

    await page.context().close();
  });

  it("keeps a service's own platform when its form is saved unchanged, 'other' included", async () => {
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    const name = `E2E Imported ${randomUUID().slice(0, 8)}`;
    const [template] = await db().select().from(services).where(eq(services.slug, "instagram-followers"));
    const { id: _id, apiId: _apiId, createdAt: _c, updatedAt: _u, ...fields } = template!;
    const [imported] = await db()
      .insert(services)
      .values({
        ...fields,
        name,
        slug: `e2e-imported-${randomUUID().slice(0, 8)}`,
        platform: "other",
        enabled: false,
      })
      .returning({ id: services.id });
    cleanups.push(() => db().delete(services).where(eq(services.id, imported!.id)));

    await open(page, `/admin/services?edit=${imported!.id}`);
    const main = page.getByRole("main");
    expect(await main.getByLabel("Platform", { exact: true }).inputValue()).toBe("other");
    await main.getByLabel("Enabled (shown in the storefront and orderable)").check();
    await main.getByRole("button", { name: "Save Service" }).click();
    await page.getByText("Service updated successfully").first().waitFor();
    const [saved] = await db().select().from(services).where(eq(services.id, imported!.id));
    expect(saved).toMatchObject({ platform: "other", enabled: true });
    assertNoConsoleErrors();
    await page.context().close();
  });
});
