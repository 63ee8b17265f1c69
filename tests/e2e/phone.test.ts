import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { analyticsEvents, orders } from "../../app/db/schema.ts";
import { type Browser, launchBrowser } from "../support/chromium.ts";
import { fundWallet } from "../support/factories.ts";
import { appUrl, createAccount } from "../support/http.ts";

const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

/** A phone-sized page (iPhone 12-14 viewport, touch) that records console and page errors. */
async function openPhone(signedInAs?: { email: string; password: string }) {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  });
  if (signedInAs) {
    // Fixture sign-in through the auth endpoint (the sign-in form has its own test); cookies land in the context.
    const response = await context.request.post(`${appUrl}/api/auth/sign-in/email`, {
      data: { email: signedInAs.email, password: signedInAs.password },
      headers: { Origin: appUrl },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, assertNoConsoleErrors: () => expect(errors, "console errors on the page").toEqual([]) };
}

async function scrollWidth(page: import("playwright-core").Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

describe("on a phone (390 x 844)", () => {
  it("opens the menu drawer from the header, shows its links, and closes it with Escape or the close button", async () => {
    const { page, assertNoConsoleErrors } = await openPhone();
    await page.goto(appUrl);
    const menuButton = page.getByTestId("mobile-menu-button");
    expect(await menuButton.isVisible()).toBe(true);
    // The desktop navigation stays out of the way.
    expect(await page.getByTestId("header-balance").count()).toBe(0);

    await menuButton.tap();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.waitFor();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    for (const name of [
      "Instagram",
      "TikTok",
      "YouTube",
      "Quick Order",
      "Free Trial",
      "Sign In",
      "Get Started",
    ]) {
      expect(await drawer.getByRole("link", { name, exact: true }).isVisible(), name).toBe(true);
    }

    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    expect(await menuButton.getAttribute("aria-expanded")).toBe("false");

    await menuButton.tap();
    await drawer.getByRole("button", { name: "Close menu" }).tap();
    await drawer.waitFor({ state: "hidden" });

    // Following a link closes the drawer and lands on the page.
    await menuButton.tap();
    await drawer.getByRole("link", { name: "Instagram", exact: true }).tap();
    await page.waitForURL((url) => url.pathname === "/services/instagram");
    expect(await drawer.isVisible()).toBe(false);
    assertNoConsoleErrors();
  });

  it.each(["/", "/services/instagram", "/services/tiktok"])(
    "%s fits the screen width (no sideways scrolling)",
    async (path) => {
      const { page, assertNoConsoleErrors } = await openPhone();
      await page.goto(`${appUrl}${path}`);
      await page.waitForLoadState("networkidle");
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
      assertNoConsoleErrors();
    },
  );

  it("a customer with funds places an order from /quick-order and lands on the dashboard", async () => {
    const account = await createAccount();
    await fundWallet(account.id, 1_000);
    const { page, assertNoConsoleErrors } = await openPhone(account);
    await page.goto(`${appUrl}/quick-order`);
    // Hydrated and following the balance: the form now reacts to typing.
    await page.locator('[data-testid="header-balance"][data-live="on"]').waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

    const link = `https://www.instagram.com/p/Phone${Date.now()}/`;
    const form = page.getByRole("main");
    await form.getByLabel("Service", { exact: true }).selectOption({ label: "Instagram Likes ($4.00/1000)" });
    await form.getByLabel("Target link").fill(link);
    await form.getByLabel("Quantity").fill("150");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="order-total"]')?.textContent === "$0.60",
    );
    await form.getByRole("button", { name: "Place Order" }).tap();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.getByText("Order Placed Successfully").first().waitFor();

    const [order] = await db().select().from(orders).where(eq(orders.targetLink, link));
    expect(order).toMatchObject({ userId: account.id, quantity: 150, totalCents: 60 });

    // The first-party analytics saw the page views and the order, under this customer (sendBeacon, same origin).
    await expect
      .poll(async () =>
        (
          await db()
            .select({ name: analyticsEvents.name, path: analyticsEvents.path })
            .from(analyticsEvents)
            .where(and(eq(analyticsEvents.userId, account.id)))
        ).map((row) => `${row.name} ${row.path}`),
      )
      .toEqual(
        expect.arrayContaining([
          "page_view /quick-order",
          "quick_order /quick-order",
          "place_order /quick-order",
          "page_view /dashboard",
        ]),
      );
    assertNoConsoleErrors();
  });

  it("reads the API reference's tables as labelled cards, never scrolled sideways (product rules 12.4)", async () => {
    const { page, assertNoConsoleErrors } = await openPhone();
    await page.goto(`${appUrl}/api`);
    const tables = await page.locator("table").evaluateAll((elements) =>
      elements.map((table) => ({
        overflow: table.scrollWidth - (table.parentElement?.clientWidth ?? 0),
        // Each cell says which column it is: its header, shown above it.
        labels: [...table.querySelectorAll("tbody tr:first-child td")].map((cell) =>
          getComputedStyle(cell, "::before").content.replaceAll('"', ""),
        ),
      })),
    );
    expect(tables).toEqual([
      { overflow: 0, labels: ["action", "Parameters", "Returns"] },
      { overflow: 0, labels: ["type", "add takes", "status answers", "What it is"] },
    ]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    assertNoConsoleErrors();
  });
});
