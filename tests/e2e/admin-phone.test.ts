import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { providerCatalog, providers, services } from "../../app/db/schema.ts";
import { apiKeyHint, encryptApiKey } from "../../app/domain/fulfilment/api-key-cipher.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { createTicket } from "../../app/domain/tickets/create-ticket.server.ts";
import { signInContext } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { fundWallet, serviceBySlug } from "../support/factories.ts";
import { appUrl, createAccount, createAdminAccount } from "../support/http.ts";
import { fillPath, routeModules } from "../support/route-table.ts";

const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

let browser: Browser;
let admin: { email: string; password: string };
const fill: Record<string, string> = {};
let longEmail = "";
let longServiceId = "";
let orderNumber = "";

/**
 * Every admin page of the route table (the CSV exports are files, not pages), so a page added later is checked
 * without touching this test.
 */
const adminPages = routeModules()
  .filter(({ path, file }) => (path === "/admin" || path.startsWith("/admin/")) && file.endsWith(".tsx"))
  .map(({ path }) => path);

/** The pages whose list shows a row with controls once the data below exists. */
const PAGES_WITH_ROW_CONTROLS = [
  "/admin/orders",
  "/admin/manual-work",
  "/admin/users",
  "/admin/users/:userId",
  "/admin/services",
  "/admin/platforms",
  "/admin/blog",
  "/admin/providers",
  "/admin/providers/:providerId",
];

beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
  admin = await createAdminAccount({ role: "owner" }); // an owner opens every admin page, /admin/staff too
  // A customer whose e-mail and link are long enough to widen a cell that does not wrap them (product rules 12.13).
  const customer = await createAccount({
    email: `a-rather-long-mailbox-name-for-a-phone.${Date.now()}@customers-of-a-long-domain-name.example.com`,
  });
  await fundWallet(customer.id, 2_000);
  const likes = await serviceBySlug("instagram-likes");
  const placed = await placeOrder(db(), {
    userId: customer.id,
    serviceId: likes.id,
    quantity: 150,
    targetLink: `https://www.instagram.com/p/APhoneSizedLayoutCheckWithAVeryLongPostAddress${Date.now()}/?utm_source=phone`,
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  const ticket = await createTicket(db(), {
    userId: customer.id,
    category: "request",
    subject: "Where are the likes of my post?",
    message: "My likes did not arrive yet.",
  });
  if (!ticket.ok) throw new Error(ticket.message);
  // A provider that is never called: its page and list are read from the database.
  const [provider] = await db()
    .insert(providers)
    .values({
      name: `Phone Panel ${Date.now()}`,
      apiUrl: "https://panel-with-a-long-address.example.com/api/v2",
      apiKeyEncrypted: encryptApiKey("phone-layout-key-0001"),
      apiKeyHint: apiKeyHint("phone-layout-key-0001"),
      isSimulated: true,
      supportsIdempotency: false,
    })
    .returning();
  // Its catalogue as a sync would have stored it: the provider page lists it with a checkbox per row.
  await db()
    .insert(providerCatalog)
    .values(
      ["101", "102"].map((upstreamId) => ({
        providerId: provider!.id,
        upstreamId,
        name: `Instagram Followers [Real, HQ, Refill 30 days] https://example.com/service-description-${upstreamId}`,
        category: "Instagram Followers - Real Accounts",
        rate: "1.250000",
        minQuantity: 10,
        maxQuantity: 100_000,
      })),
    );
  // A shop service named as an import names one, long: a select listing it (a provider page's "Shop service") is
  // as wide as its longest option and must still fit the screen. Not enabled, so no storefront page lists it.
  const { id: _id, apiId: _apiId, createdAt: _c, updatedAt: _u, ...fields } = likes;
  const [longNamed] = await db()
    .insert(services)
    .values({
      ...fields,
      name: `Instagram Followers [Real Accounts, HQ, Refill 30 Days, Start 0-1 Hour, Speed 10K Per Day] ${Date.now()}`,
      slug: `phone-long-name-${Date.now()}`,
      enabled: false,
    })
    .returning({ id: services.id });
  longServiceId = longNamed!.id;
  Object.assign(fill, {
    orderId: placed.order.id,
    userId: customer.id,
    providerId: provider!.id,
    ticketId: ticket.ticket.id,
  });
  longEmail = customer.email;
  orderNumber = placed.order.orderNumber;
});
afterAll(async () => {
  if (longServiceId) await db().delete(services).where(eq(services.id, longServiceId));
  await browser?.close();
});

async function openAdmin(viewport: { width: number; height: number }) {
  const opened = await openPage(browser, { viewport });
  await signInContext(opened.context, admin);
  return opened;
}

/** What sticks out sideways at the page's width: the document's overflow and every element of main past an edge. */
async function sideways(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute("data-testid") ? `[${element.getAttribute("data-testid")}]` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    const outside = [...document.querySelectorAll("main *")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.left >= -1 && box.right <= width + 1) return false;
        // Not drawn (a closed <details>, a hidden input) or inside a screen-reader-only box (a card list's
        // column headers): nothing to see.
        for (let shown: Element | null = element; shown; shown = shown.parentElement) {
          const { width: shownWidth, height: shownHeight } = shown.getBoundingClientRect();
          if (shownWidth <= 1 || shownHeight <= 1) return false;
        }
        return true;
      })
      .map(describe);
    return { overflow: document.documentElement.scrollWidth - width, outside: outside.slice(0, 5) };
  });
}

/** The page's own words (its heading, its buttons) cut across two lines: none may be (product rules 12.13). */
async function wordsCut(page: Page) {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const element of document.querySelectorAll("main :is(h1, button)")) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A hyphen is a place a word may wrap; anywhere else is a cut.
        for (const match of (node.textContent ?? "").matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) cut.push(match[0]);
        }
      }
    }
    return cut;
  });
}

/** Each list row's controls (buttons, selects, links, fields): the ones past the screen's right or left edge. */
async function rowControlsOffScreen(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const controls = [
      ...document.querySelectorAll(
        "main tbody tr :is(a[href], button, select, input:not([type=hidden]), textarea, summary)",
      ),
    ].filter((control) => control.getBoundingClientRect().width > 0);
    return {
      count: controls.length,
      off: controls
        .filter((control) => {
          const box = control.getBoundingClientRect();
          return box.left < 0 || box.right > width;
        })
        .map((control) => control.outerHTML.slice(0, 80)),
    };
  });
}

describe("the admin on a 390 px phone (product rules 12.10-12.14)", () => {
  it("finds the admin pages in the route table", () => {
    expect(adminPages).toEqual(
      expect.arrayContaining([
        "/admin",
        "/admin/orders",
        "/admin/orders/:orderId",
        "/admin/users",
        "/admin/users/:userId",
        "/admin/providers/:providerId",
        "/admin/blog",
      ]),
    );
  });

  it.each(adminPages)(
    "%s fits the screen: nothing scrolls sideways, every row's actions on screen",
    async (route) => {
      const { page, context, assertNoConsoleErrors } = await openAdmin(PHONE);
      const path = fillPath(route, fill);
      const response = await page.goto(`${appUrl}${path}`);
      expect(response?.status(), `${path} status`).toBeLessThan(400);
      expect(new URL(page.url()).pathname).toBe(path);
      await page.waitForLoadState("networkidle");

      expect(await sideways(page), path).toEqual({ overflow: 0, outside: [] });
      expect(await wordsCut(page), path).toEqual([]);
      const controls = await rowControlsOffScreen(page);
      expect(controls.off, path).toEqual([]);
      // The lists this test fills show rows with controls, so the check above had something to check.
      if (PAGES_WITH_ROW_CONTROLS.includes(route)) expect(controls.count, path).toBeGreaterThan(0);
      // The compact header leaves the screen to the page: one line with the Menu button.
      // The layout's own header (a list may have headers of its own: a contact message's).
      const header = await page.getByRole("banner").boundingBox();
      expect(header?.height).toBeLessThan(80);
      assertNoConsoleErrors();
      await context.close();
    },
  );

  it("shows the orders list as labelled cards with the status form on screen, and wraps a long e-mail", async () => {
    const { page, context, assertNoConsoleErrors } = await openAdmin(PHONE);
    await page.goto(`${appUrl}/admin/orders?q=${orderNumber}`);
    const row = page.getByTestId("admin-order-row").filter({ hasText: orderNumber });
    await row.waitFor();
    const labels = await row
      .locator("td")
      .evaluateAll((cells) =>
        cells.map((cell) => getComputedStyle(cell, "::before").content.replaceAll('"', "")),
      );
    expect(labels).toEqual(expect.arrayContaining(["Order", "Customer", "Status"]));
    const status = row.getByRole("combobox").first();
    const box = await status.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    // The e-mail may wrap after "@" and before each dot, and is cut nowhere else while its pieces fit.
    const email = await row.evaluate((element, text) => {
      const shown = [...element.querySelectorAll("span")].find((span) => span.textContent === text);
      return shown
        ? { breaks: shown.querySelectorAll("wbr").length, wordBreak: getComputedStyle(shown).wordBreak }
        : null;
    }, longEmail);
    expect(email).toEqual({ breaks: longEmail.split(/[@.]/).length - 1, wordBreak: "normal" });
    assertNoConsoleErrors();
    await context.close();
  });

  it("opens the menu drawer with the keyboard, keeps focus in it, and closes it with Escape or its button", async () => {
    const { page, context, assertNoConsoleErrors } = await openAdmin(PHONE);
    await page.goto(`${appUrl}/admin/orders`);
    await page.waitForLoadState("networkidle");
    const menu = page.getByRole("button", { name: "Menu", exact: true });
    expect(await menu.isVisible()).toBe(true);
    const drawer = page.getByRole("dialog", { name: "Admin menu" });
    expect(await drawer.isVisible()).toBe(false);

    await menu.focus();
    await page.keyboard.press("Enter");
    await drawer.waitFor();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    const focusInDrawer = () =>
      page.evaluate(() => document.getElementById("admin-drawer")?.contains(document.activeElement) ?? false);
    expect(await focusInDrawer()).toBe(true);
    expect(await drawer.getByRole("link", { name: "Orders", exact: true }).getAttribute("aria-current")).toBe(
      "page",
    );
    // Tab past the last control and Shift+Tab before the first both stay inside.
    await page.keyboard.press("Shift+Tab");
    expect(await focusInDrawer()).toBe(true);
    await page.keyboard.press("Tab");
    expect(await focusInDrawer()).toBe(true);

    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await menu.getAttribute("aria-expanded")).toBe("false");

    await page.keyboard.press("Enter");
    await drawer.waitFor();
    await drawer.getByRole("button", { name: "Close menu" }).click();
    await drawer.waitFor({ state: "hidden" });
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);

    await menu.click();
    await drawer.getByRole("link", { name: "Users", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin/users");
    expect(await drawer.isVisible()).toBe(false);
    assertNoConsoleErrors();
    await context.close();
  });

  it("has no serious accessibility problems with the drawer closed and open", async () => {
    // bypassCSP only to inject axe-core; the page itself is unchanged.
    const context = await browser.newContext({ bypassCSP: true, viewport: PHONE });
    try {
      await signInContext(context, admin);
      const page = await context.newPage();
      await page.goto(`${appUrl}/admin/orders`);
      await page.waitForLoadState("networkidle");
      await page.evaluate(axeSource);
      const serious = () =>
        page.evaluate(async () => {
          const results = await (
            window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }
          ).axe.run(document);
          return results.violations
            .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
            .map(
              (violation) =>
                `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
            );
        });
      expect(await serious()).toEqual([]);
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await page.getByRole("dialog", { name: "Admin menu" }).waitFor();
      expect(await serious()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps the wide header at 1366 px: every link in it, no Menu button", async () => {
    const { page, context, assertNoConsoleErrors } = await openAdmin(LAPTOP);
    await page.goto(`${appUrl}/admin/orders`);
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("button", { name: "Menu", exact: true }).isVisible()).toBe(false);
    const nav = page.locator("header").getByRole("navigation", { name: "Admin" });
    for (const name of ["Dashboard", "Orders", "Users", "Services", "Providers", "Audit"])
      expect(await nav.getByRole("link", { name, exact: true }).isVisible(), name).toBe(true);
    expect(await page.getByTestId("admin-email").textContent()).toBe(admin.email);
    expect(await sideways(page)).toEqual({ overflow: 0, outside: [] });
    assertNoConsoleErrors();
    await context.close();
  });
});
