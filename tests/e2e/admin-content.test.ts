import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { services } from "../../app/db/schema.ts";
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

/** Opens a page and waits until it has hydrated, so what the test types is not reset by React taking over. */
async function open(page: Page, path: string) {
  await page.goto(`${appUrl}${path}`);
  await page.waitForLoadState("networkidle");
}

/**
 * Admin content journeys in the browser: the forms, their dialogs and what the storefront then shows. What the
 * saves store and refuse, a draft's 404 and the banner on the storefront: tests/integration/admin-content.test.ts,
 * http/blog-and-seo.test.ts and http/admin-pages.test.ts.
 */
describe("admin content", () => {
  it("publishes a blog post to /blog and takes it down again", async () => {
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    const title = `E2E post ${randomUUID().slice(0, 8)}`;
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

    await open(page, "/admin/blog");
    await page.getByRole("link", { name: "New Post" }).click();
    const main = page.getByRole("main");
    await main.getByLabel("Title", { exact: true }).fill(title);
    await main.getByLabel("Excerpt", { exact: true }).fill("What an admin wrote in the browser.");
    await main
      .getByLabel("Content (Markdown)", { exact: true })
      .fill("## Why\n\nBecause **growth** matters.");
    await main.getByLabel("Category", { exact: true }).selectOption("Branding");
    await main.getByRole("button", { name: "Create Post" }).click();
    await page.getByText("Blog post created successfully").first().waitFor();
    const row = page.getByTestId("admin-blog-row").filter({ hasText: title });
    await expect.poll(() => row.getByTestId("admin-blog-status").textContent()).toBe("Draft");
    // The list holds no content: Edit reads the one post in full into the form.
    await row.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByRole("heading", { name: `Edit "${title}"` }).waitFor();
    expect(await main.getByLabel("Content (Markdown)", { exact: true }).inputValue()).toBe(
      "## Why\n\nBecause **growth** matters.",
    );
    await main.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/blog" && url.search === "");

    await row.getByRole("button", { name: `Publish ${title}` }).click();
    await expect.poll(() => row.getByTestId("admin-blog-status").textContent()).toMatch(/^Published /);
    await open(page, "/blog");
    await page
      .getByRole("link", { name: new RegExp(title) })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === `/blog/${slug}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await page.getByRole("heading", { name: "Why" }).count()).toBe(1);

    await open(page, "/admin/blog");
    await row.getByRole("button", { name: `Unpublish ${title}` }).click();
    await expect.poll(() => row.getByTestId("admin-blog-status").textContent()).toBe("Draft");

    // Deleting asks first; Cancel keeps the post.
    await open(page, "/admin/blog");
    await row.getByRole("button", { name: `Delete ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this post?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect(await row.count()).toBe(1);
    await row.getByRole("button", { name: `Delete ${title}` }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await page.getByText("Blog post deleted successfully").first().waitFor();
    await expect.poll(() => row.count()).toBe(0);
    assertNoConsoleErrors();
  });

  it("creates a service, edits its price, and the storefront lists and prices the new rate", async () => {
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    const name = `E2E Threads Boost ${randomUUID().slice(0, 8)}`;

    await open(page, "/admin/services");
    await page.getByRole("link", { name: "Add Service" }).click();
    const main = page.getByRole("main");
    await main.getByLabel("Name", { exact: true }).fill(name);
    await main.getByLabel("Platform", { exact: true }).selectOption("threads");
    await main.getByLabel("Delivered to", { exact: true }).selectOption("profile");
    await main.getByLabel("Price per 1000 ($)", { exact: true }).fill("3");
    await main.getByLabel("Min quantity", { exact: true }).fill("100");
    await main.getByLabel("Max quantity", { exact: true }).fill("10000");
    await main.getByLabel("Features (comma-separated)", { exact: true }).fill("Fast start, Real profiles");
    await main.getByRole("button", { name: "Create Service" }).click();
    await page.getByText("Service created successfully").first().waitFor();
    const [created] = await db().select().from(services).where(eq(services.name, name));

    try {
      // A refused edit says why and changes nothing.
      await page.getByRole("link", { name: `Edit ${name}` }).click();
      await main.getByLabel("Min quantity", { exact: true }).fill("20000");
      await main.getByRole("button", { name: "Save Service" }).click();
      await main.getByText("The maximum quantity must be at least the minimum quantity.").waitFor();
      await main.getByLabel("Min quantity", { exact: true }).fill("100");
      await main.getByLabel("Price per 1000 ($)", { exact: true }).fill("7.25");
      await main.getByRole("button", { name: "Save Service" }).click();
      await page.getByText("Service updated successfully").first().waitFor();
      const row = page.getByTestId("admin-service-row").filter({ hasText: name });
      expect(await row.getByTestId("admin-service-price").textContent()).toBe("$7.25");

      await open(page, "/services/threads");
      const card = page.getByTestId("service-card").filter({ hasText: name });
      expect(await card.textContent()).toContain("Starting at $7.25/1000");
      await card.getByRole("link", { name: `Order Now: ${name}` }).click();
      await page.waitForURL((url) => url.pathname === `/order/threads-${created!.id}`);
      await page.waitForLoadState("networkidle");
      await page.getByText(`${name}: $7.25 per 1000`).waitFor();
      await page.getByLabel("Quantity", { exact: true }).fill("2000");
      await expect.poll(() => page.getByTestId("order-total").textContent()).toBe("$14.50");

      // Delete, after the confirmation dialog: nobody ordered it, so it is gone.
      await open(page, `/admin/services?q=${encodeURIComponent(name)}`);
      await row.getByRole("button", { name: `Delete ${name}` }).click();
      await page
        .getByRole("dialog", { name: "Delete this service?" })
        .getByRole("button", { name: "Delete" })
        .click();
      await page.getByText("Service deleted successfully").first().waitFor();
      await expect.poll(() => row.count()).toBe(0);
    } finally {
      await db().delete(services).where(eq(services.id, created!.id));
    }
    assertNoConsoleErrors();
  });

  it("creates a Package: its price is per package, its limits fixed at 1, and the storefront sells one package", async () => {
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    const name = `E2E Threads Package ${randomUUID().slice(0, 8)}`;

    await open(page, "/admin/services");
    await page.getByRole("link", { name: "Add Service" }).click();
    const main = page.getByRole("main");
    await main.getByLabel("Name", { exact: true }).fill(name);
    await main.getByLabel("Platform", { exact: true }).selectOption("threads");
    await main.getByLabel("Delivered to", { exact: true }).selectOption("profile");
    await main.getByLabel("Min quantity", { exact: true }).fill("100");
    await main.getByLabel("Order type", { exact: true }).selectOption("package");
    // A Package is one unit (product rules 13.10): its limits show 1 and cannot be typed, its price is per package.
    for (const limit of ["Min quantity", "Max quantity"]) {
      const field = main.getByLabel(limit, { exact: true });
      expect(await field.inputValue()).toBe("1");
      expect(await field.getAttribute("readonly")).not.toBeNull();
    }
    await main.getByLabel("Price per package ($)", { exact: true }).fill("7.95");
    await main.getByRole("button", { name: "Create Service" }).click();
    await page.getByText("Service created successfully").first().waitFor();
    const [created] = await db().select().from(services).where(eq(services.name, name));
    try {
      expect(created).toMatchObject({
        orderType: "package",
        pricePer1000: "7.9500",
        minQuantity: 1,
        maxQuantity: 1,
      });
      const row = page.getByTestId("admin-service-row").filter({ hasText: name });
      expect(await row.getByTestId("admin-service-price").textContent()).toBe("$7.95 per package");

      await open(page, "/services/threads");
      const card = page.getByTestId("service-card").filter({ hasText: name });
      expect(await card.textContent()).toContain("$7.95 per package");
      await card.getByRole("link", { name: `Order Now: ${name}` }).click();
      await page.waitForURL((url) => url.pathname === `/order/threads-${created!.id}`);
      await page.waitForLoadState("networkidle");
      await page.getByText(`${name}: $7.95 per package`).waitFor();
      expect(await page.getByTestId("package-quantity").textContent()).toBe("Quantity: 1 package");
      expect(await page.getByLabel("Quantity", { exact: true }).count()).toBe(0);
      await expect.poll(() => page.getByTestId("order-total").textContent()).toBe("$7.95");
    } finally {
      await db().delete(services).where(eq(services.id, created!.id));
    }
    assertNoConsoleErrors();
  });

  it("shows the settings in effect and whether each provider is configured, with a real connection test", async () => {
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    await open(page, "/admin/settings");
    const main = page.getByRole("main");
    // The test servers' template: limits from the defaults, no new-user bonus (tests/support/global-setup.ts).
    expect(await main.getByLabel("Minimum deposit ($)", { exact: true }).inputValue()).toBe("10");
    expect(await main.getByLabel("Maximum deposit ($)", { exact: true }).inputValue()).toBe("10000");
    expect(await main.getByLabel("New-user bonus ($)", { exact: true }).inputValue()).toBe("0");
    expect(await main.getByLabel("Maintenance mode", { exact: true }).isChecked()).toBe(false);
    // The affiliate programme's part (product rules 16.10; saving it: tests/integration/affiliates-settings.test.ts).
    expect(await main.getByLabel("Commission (%)", { exact: true }).inputValue()).toBe("30");
    const referral = main.getByLabel("Referral bonus ($)", { exact: true });
    expect(await referral.isDisabled()).toBe(false);
    expect(await referral.inputValue()).toBe("2.50");
    expect(await referral.getAttribute("aria-describedby")).toBeTruthy();
    // No secrets in the test environment: both providers say so, and the test tells it without a call.
    const smtp = page.getByTestId("provider-smtp");
    expect(await smtp.textContent()).toContain("Not configured");
    await smtp.getByRole("button", { name: "Test connection: SMTP (e-mail)" }).click();
    await expect
      .poll(() => smtp.getByRole("status").textContent())
      .toBe(
        "Connection failed: Not configured: set it in the server configuration (environment), never here.",
      );
    expect(await page.getByTestId("provider-stripe").textContent()).toContain("Not configured");
    assertNoConsoleErrors();
  });
});
