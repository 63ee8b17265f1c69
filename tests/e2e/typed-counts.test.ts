/**
 * Typed counts on every order surface (docs/decisions/011-typed-counts.md): what is not a count within the
 * limits stays as typed, with the spec's message beside the field, Place Order disabled and nothing charged;
 * empty or below the minimum becomes the minimum on leaving a quantity field; leading zeros go as typed; a valid
 * count is charged exactly the catalogue price. One page per surface, the values looped on it.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { autoOrders, orders } from "../../app/db/schema.ts";
import { openAdminPage, signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { balanceOf, fundWallet, serviceBySlug } from "../support/factories.ts";
import { appUrl, createAccount } from "../support/http.ts";

/**
 * What a page does with a text that is not a count, shown with a fraction and other digits; each page adds its
 * maximum + 1. Every other text of the original bug report is read the same way by the same function
 * (tests/unit/quantity-input.test.ts), and posted past the page: http/typed-counts.test.ts.
 */
const NOT_COUNTS = ["150.5", "١٥٠"];
const BAD_POSTS = ["2.5", "0", "101"];
const POSTS_MESSAGE = "Number of posts must be between 1 and 100.";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until the shop page is hydrated (the header's live balance connects only from the browser's code). */
async function hydrated(page: Page) {
  await page.locator('[data-testid="header-balance"][data-live="on"]').waitFor();
}

/** The texts of the elements a field's aria-describedby names. */
async function descriptionOf(field: Locator): Promise<string[]> {
  const ids = ((await field.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  return Promise.all(ids.map(async (id) => (await field.page().locator(`[id="${id}"]`).textContent()) ?? ""));
}

/**
 * Types `value`, leaves the field and presses Enter in it: the value stays as typed, the field is invalid with
 * `message` beside it (described by it, announced as an alert), `send` stays disabled and `total` shows "—".
 */
async function expectRefused(
  field: Locator,
  value: string,
  message: string,
  send: Locator,
  total: Locator | null,
) {
  await field.fill(value);
  await field.blur();
  await expect.poll(() => field.inputValue()).toBe(value);
  await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
  await expect.poll(() => descriptionOf(field)).toContain(message);
  const alert = field.page().getByRole("alert").filter({ hasText: message });
  await expect.poll(() => alert.isVisible()).toBe(true);
  expect(await send.isDisabled(), `${value}: the form cannot be sent`).toBe(true);
  if (total) expect(await total.textContent(), `${value}: no total`).toBe("—");
  // Implicit submission (Enter) is blocked too while the only submit button is disabled.
  await field.press("Enter");
  expect(await field.inputValue()).toBe(value);
}

/** Counts the form submissions the page sends to the action at `pathname` (a document or a `.data` request). */
function countPosts(page: Page, pathname: string) {
  const seen = { count: 0 };
  page.on("request", (request) => {
    const target = new URL(request.url()).pathname.replace(/\.data$/, "");
    if (request.method() === "POST" && target === pathname) seen.count += 1;
  });
  return seen;
}

async function fundedCustomer(cents: number) {
  const account = await createAccount();
  await fundWallet(account.id, cents);
  return account;
}

describe("typed counts on the order pages", () => {
  it("TikTok Likes (50 to 20,000) on the generic order page: refused as typed, resets, zeros, $0.25 for 50", async () => {
    const tiktok = await serviceBySlug("tiktok-likes");
    const account = await fundedCustomer(1_000);
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const path = `/order/tiktok-${tiktok.id}`;
    const posts = countPosts(page, path);
    await signInAs(page, account, path);
    await hydrated(page);
    const main = page.getByRole("main");
    const quantity = main.getByLabel("Quantity");
    const placeOrder = main.getByRole("button", { name: "Place Order" });
    const total = page.getByTestId("order-total");
    const link = `https://www.tiktok.com/@typed/video/${Date.now()}`;
    await main.getByLabel("Target URL").fill(link);

    for (const value of [...NOT_COUNTS, "20001"])
      await expectRefused(quantity, value, "Quantity must be between 50 and 20,000.", placeOrder, total);
    // Above the maximum is a quantity problem: never the insufficient-balance alert or a wallet detour.
    expect(await page.getByTestId("insufficient-funds").count()).toBe(0);

    // Empty and below the minimum become the minimum on leaving the field; leading zeros go as typed.
    await quantity.fill("");
    await quantity.blur();
    await expect.poll(() => quantity.inputValue()).toBe("50");
    await quantity.fill("7");
    expect(await descriptionOf(quantity)).toContain(
      "Between 50 and 20,000. Below the minimum: it becomes 50 when you leave this field.",
    );
    expect(await total.textContent()).toBe("—");
    await quantity.blur();
    await expect.poll(() => quantity.inputValue()).toBe("50");
    await quantity.fill("0150");
    await expect.poll(() => quantity.inputValue()).toBe("150");
    await expect.poll(() => total.textContent()).toBe("$0.75");

    // Below the minimum, then straight to Place Order: the field becomes 50 and shows its price; nothing is sent.
    await quantity.fill("7");
    await placeOrder.click({ force: true });
    await expect.poll(() => quantity.inputValue()).toBe("50");
    await expect.poll(() => total.textContent()).toBe("$0.25");
    expect(new URL(page.url()).pathname).toBe(path);

    // 50 likes at $5/1000: exactly $0.25, and the total shown is the one sent.
    await placeOrder.click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    expect(posts.count).toBe(1);
    const placed = await db().select().from(orders).where(eq(orders.userId, account.id));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ quantity: 50, totalCents: 25, targetLink: link });
    expect(await balanceOf(account.id)).toBe(975);
    assertNoConsoleErrors();
  });

  it("auto likes and auto followers pages: per post, posts and followers refused as typed; 200 followers $3.00", async () => {
    const account = await fundedCustomer(1_000);
    const { page, assertNoConsoleErrors } = await openPage(browser, {
      viewport: { width: 390, height: 844 },
    });
    await signInAs(page, account, "/order/instagram/auto-likes");
    await hydrated(page);
    const main = page.getByRole("main");
    const placeOrder = main.getByRole("button", { name: "Place Order" });
    const total = page.getByTestId("order-total");
    await main.getByLabel("Instagram username").fill("typed.counts");
    const perPost = main.getByLabel("Likes per post");
    for (const value of [...NOT_COUNTS, "100001"])
      await expectRefused(
        perPost,
        value,
        "Engagement per post must be between 100 and 100,000.",
        placeOrder,
        total,
      );
    await perPost.fill("");
    await perPost.blur();
    await expect.poll(() => perPost.inputValue()).toBe("100");
    const postsField = main.getByLabel("Number of posts");
    for (const value of BAD_POSTS) await expectRefused(postsField, value, POSTS_MESSAGE, placeOrder, total);
    // A posts field is not raised to its minimum: empty stays empty, with nothing to order.
    await postsField.fill("");
    await postsField.blur();
    expect(await postsField.inputValue()).toBe("");
    expect(await placeOrder.isDisabled()).toBe(true);
    await postsField.fill("010");
    await expect.poll(() => postsField.inputValue()).toBe("10");
    await expect.poll(() => total.textContent()).toBe("$4.00");
    // Usable at 390 px: the messages wrap, nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto(`${appUrl}/order/instagram/auto-followers`);
    await hydrated(page);
    await main.getByLabel("Instagram username").fill("typed.counts");
    const followers = main.getByLabel("Number of followers");
    for (const value of [...NOT_COUNTS, "50001"])
      await expectRefused(followers, value, "Quantity must be between 100 and 50,000.", placeOrder, total);
    await followers.fill("0200");
    await expect.poll(() => followers.inputValue()).toBe("200");
    await expect.poll(() => total.textContent()).toBe("$3.00");
    expect(await db().$count(autoOrders, eq(autoOrders.userId, account.id))).toBe(0);
    expect(await db().$count(orders, eq(orders.userId, account.id))).toBe(0);
    expect(await balanceOf(account.id)).toBe(1_000);

    // 200 followers at $15/1000: exactly $3.00.
    await placeOrder.click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    const [order] = await db().select().from(orders).where(eq(orders.userId, account.id));
    expect(order).toMatchObject({ quantity: 200, totalCents: 300 });
    expect(await balanceOf(account.id)).toBe(700);
    assertNoConsoleErrors();
  });

  it("Quick Order: Instagram Likes (100 to 100,000) refused as typed; 150 likes charged $0.60", async () => {
    const account = await fundedCustomer(1_000);
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const posts = countPosts(page, "/quick-order");
    await signInAs(page, account, "/quick-order");
    await hydrated(page);
    const main = page.getByRole("main");
    await main.getByLabel("Service", { exact: true }).selectOption({ label: "Instagram Likes ($4.00/1000)" });
    const quantity = main.getByLabel("Quantity");
    const placeOrder = main.getByRole("button", { name: "Place Order" });
    const total = page.getByTestId("order-total");
    const link = `https://www.instagram.com/p/Typed${randomUUID().slice(0, 8)}/`;
    await main.getByLabel("Target link").fill(link);
    // Nothing typed yet: no total, nothing to send.
    expect(await total.textContent()).toBe("—");
    expect(await placeOrder.isDisabled()).toBe(true);

    for (const value of [...NOT_COUNTS, "100001"])
      await expectRefused(quantity, value, "Quantity must be between 100 and 100,000.", placeOrder, total);
    await quantity.fill("");
    await quantity.blur();
    await expect.poll(() => quantity.inputValue()).toBe("100");
    await quantity.fill("00150");
    await expect.poll(() => quantity.inputValue()).toBe("150");
    await expect.poll(() => total.textContent()).toBe("$0.60");
    expect(posts.count).toBe(0);
    expect(await balanceOf(account.id)).toBe(1_000);

    await placeOrder.click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    const [order] = await db().select().from(orders).where(eq(orders.userId, account.id));
    expect(order).toMatchObject({ quantity: 150, totalCents: 60, targetLink: link });
    expect(await balanceOf(account.id)).toBe(940);
    assertNoConsoleErrors();
  });

  it("Automatic Order: engagement per post and total posts refused as typed, nothing set up", async () => {
    const account = await fundedCustomer(1_000);
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const posts = countPosts(page, "/automatic-order");
    await signInAs(page, account, "/automatic-order");
    await hydrated(page);
    const main = page.getByRole("main");
    await main
      .getByLabel("Service", { exact: true })
      .selectOption({ label: "Instagram Auto Likes ($4.00/1000)" });
    await main.getByLabel("Target username").fill("@typed.counts");
    const start = main.getByRole("button", { name: "Start Auto Order" });
    const total = page.getByTestId("auto-total");
    const perPost = main.getByLabel("Engagement per post");
    for (const value of [...NOT_COUNTS, "100001"])
      await expectRefused(
        perPost,
        value,
        "Engagement per post must be between 100 and 100,000.",
        start,
        total,
      );
    await perPost.fill("5");
    await perPost.blur();
    await expect.poll(() => perPost.inputValue()).toBe("100");
    const totalPosts = main.getByLabel("Total posts");
    for (const value of BAD_POSTS) await expectRefused(totalPosts, value, POSTS_MESSAGE, start, total);
    await totalPosts.fill("10");
    await expect.poll(() => total.textContent()).toBe("$4.00");
    expect(await start.isDisabled()).toBe(false);
    expect(posts.count).toBe(0);
    expect(await db().$count(autoOrders, eq(autoOrders.userId, account.id))).toBe(0);
    expect(await balanceOf(account.id)).toBe(1_000);
    assertNoConsoleErrors();
  });

  it("the admin's manual order: quantity, quantity per post and posts refused as typed, nothing charged", async () => {
    const customer = await fundedCustomer(1_000);
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    const posts = countPosts(page, "/admin/manual-order");
    await page.goto(`${appUrl}/admin/manual-order?userId=${customer.id}`);
    const form = page.getByRole("main");
    const quantity = form.getByLabel(/^Quantity/);
    const choose = async (label: string) => {
      // The select is controlled: choose again until the hydrated form has taken it (the quantity opens).
      await expect
        .poll(async () => {
          await form.getByLabel("Service", { exact: true }).selectOption({ label });
          return quantity.isEnabled();
        })
        .toBe(true);
    };
    await expect.poll(() => form.getByLabel("User", { exact: true }).inputValue()).toBe(customer.id);
    await choose("Instagram - Instagram Likes ($4.00/1000)");
    await form.getByLabel("Target Link").fill("https://www.instagram.com/p/TypedAdmin/");
    const create = form.getByRole("button", { name: "Create Order" });
    const total = page.getByTestId("manual-order-total");
    for (const value of [...NOT_COUNTS, "100001"])
      await expectRefused(quantity, value, "Quantity must be between 100 and 100,000.", create, total);
    await quantity.fill("1000");
    await expect.poll(() => total.textContent()).toBe("$4.00");

    await choose("Instagram - Instagram Auto Likes ($4.00/1000)");
    for (const value of ["150.5", "100001"])
      await expectRefused(
        quantity,
        value,
        "Engagement per post must be between 100 and 100,000.",
        create,
        total,
      );
    await quantity.fill("100");
    const postsField = form.getByLabel("Number of Posts");
    for (const value of BAD_POSTS) await expectRefused(postsField, value, POSTS_MESSAGE, create, total);
    await postsField.fill("10");
    await expect.poll(() => total.textContent()).toBe("$4.00");
    expect(posts.count).toBe(0);
    expect(await db().$count(orders, eq(orders.userId, customer.id))).toBe(0);
    expect(await db().$count(autoOrders, eq(autoOrders.userId, customer.id))).toBe(0);
    expect(await balanceOf(customer.id)).toBe(1_000);
    assertNoConsoleErrors();
  });
});
