import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders } from "../../app/db/schema.ts";
import { ORDER_STATUS_LABELS } from "../../app/domain/orders/order-status-labels.ts";
import { ORDERS_PAGE_TEXT } from "../../app/domain/orders/orders-page-text.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { type OrderStatus, setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { formatCents } from "../../app/lib/format-money.ts";
import { signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { SLOW_WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { balanceOf, fundWallet, serviceBySlug } from "../support/factories.ts";
import { createAccount } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

const BACKGROUND_ORDERS = 20;

/** `count` paid Instagram Likes orders (150 at $4.00/1000: $0.60 each), each with its own link. */
async function placeLikesOrders(userId: string, count: number, tag: string) {
  const serviceId = (await serviceBySlug("instagram-likes")).id;
  const placed = [];
  for (let n = 1; n <= count; n++) {
    const result = await placeOrder(db(), {
      userId,
      serviceId,
      quantity: 150,
      targetLink: `https://www.instagram.com/p/Live${tag}${n}/`,
      deliverySpeed: "normal",
    });
    if (!result.ok) throw new Error(result.message);
    placed.push(result.order);
  }
  return placed;
}

/**
 * Changes the orders' statuses in one transaction of the test process, as a worker's status round on any app
 * server would: every page of the customer hears each change (and the refund's new balance) at its commit.
 */
async function changeStatuses(changes: { orderId: string; status: OrderStatus }[]) {
  await db().transaction(async (tx) => {
    for (const change of changes) {
      const result = await setOrderStatus(tx, change);
      if (!result.ok) throw new Error(result.message);
    }
  });
}

/** Counts the page data requests (React Router's `.data` reads: a navigation, a revalidation) from now on. */
function countDataRequests(page: Page) {
  let count = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) count += 1;
  });
  return {
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
  };
}

/** Waits until the page's live stream is open (after that, changes arrive as events). */
async function waitUntilFollowing(page: Page) {
  await page.locator('[data-testid="header-balance"][data-live="on"]').waitFor({ state: "attached" });
}

/**
 * Waits until the page has heard a burst of updates: the header shows the balance its last change (a refund)
 * left, and no read of the page's data is due or running any more (html[data-live-refresh], app/lib/live).
 */
async function waitUntilHeard(page: Page, balanceCents: number) {
  // A stream that dropped under a loaded machine reopens after up to 1 + 2 + 5 + 10 s (RECONNECT_DELAYS_MS) and then
  // sends the balance: the slow wait covers one such round.
  await page
    .locator(`[data-testid="header-balance"][aria-label="Wallet balance ${formatCents(balanceCents)}"]`)
    .waitFor({ state: "attached", timeout: SLOW_WAIT_TIMEOUT_MS });
  await page
    .locator("html:not([data-live-refresh])")
    .waitFor({ state: "attached", timeout: SLOW_WAIT_TIMEOUT_MS });
}

// The statuses and refunds themselves: tests/integration/orders.test.ts; the live balance's toast and header:
// live-balance.test.ts. Here: what a page keeps while the updates arrive (product rules 12.5-12.7).
describe("pages that stay put while orders change status (product rules 12.5-12.7)", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    it(`/mass-order keeps its preview, then its results, while ${BACKGROUND_ORDERS} orders change status (${viewport.width} px)`, async () => {
      const { page, assertNoConsoleErrors } = await openPage(browser, { viewport });
      const account = await createAccount();
      await fundWallet(account.id, 10_000);
      const tag = randomUUID().slice(0, 8);
      const background = await placeLikesOrders(account.id, BACKGROUND_ORDERS, tag);
      const likes = (await serviceBySlug("instagram-likes")).apiId;
      const paste = [
        `${likes} | https://www.instagram.com/p/Mass${tag}A/ | 150`,
        `${likes} | https://www.instagram.com/p/Mass${tag}B/ | 50`,
        `${likes} | https://www.instagram.com/p/Mass${tag}C/ | 250`,
      ].join("\n");

      await signInAs(page, account, "/mass-order");
      await waitUntilFollowing(page);
      const requests = countDataRequests(page);
      const main = page.getByRole("main");
      const textarea = main.getByLabel("Orders, one per line");
      await textarea.fill(paste);
      await main.getByRole("button", { name: "Preview" }).click();
      const preview = main.getByRole("region", { name: "Preview" });
      await preview.getByTestId("mass-order-total").waitFor();
      expect(await preview.getByTestId("mass-order-total").textContent()).toBe("$1.60");

      // 19 background orders start and one is cancelled (its refund moves the balance).
      requests.reset();
      await changeStatuses([
        ...background.slice(1).map((order) => ({ orderId: order.id, status: "in_progress" as const })),
        { orderId: background[0]!.id, status: "cancelled" },
      ]);
      await waitUntilHeard(page, await balanceOf(account.id));
      await preview.getByText("Quantity must be between 100 and 100,000.").waitFor();
      expect(await preview.getByTestId("mass-order-total").textContent()).toBe("$1.60");
      expect(await main.getByRole("button", { name: "Place orders" }).isEnabled()).toBe(true);
      expect(await textarea.inputValue()).toBe(paste);
      // The page shows no order and no statement: nothing on it is read again.
      expect(requests.count).toBe(0);

      await main.getByRole("button", { name: "Place orders" }).click();
      const summary = main.getByTestId("mass-order-summary");
      await summary.waitFor();
      const placedSummary = "2 orders placed for $1.60; 1 line not placed, nothing charged for them.";
      expect(await summary.textContent()).toBe(placedSummary);
      const numbers = await main.getByText(/^ORD-\d{6,}: /).allTextContents();
      expect(numbers).toHaveLength(2);

      // The other 19 complete while the customer reads the results; the two new orders start, one is cancelled.
      const [first, second] = await db().query.orders.findMany({
        where: (orders, { and, eq, like }) =>
          and(eq(orders.userId, account.id), like(orders.targetLink, `%Mass${tag}%`)),
      });
      requests.reset();
      await changeStatuses([
        ...background.slice(1).map((order) => ({ orderId: order.id, status: "completed" as const })),
        { orderId: first!.id, status: "in_progress" },
        { orderId: second!.id, status: "cancelled" },
      ]);
      await waitUntilHeard(page, await balanceOf(account.id));
      expect(await summary.textContent()).toBe(placedSummary);
      expect(await main.getByText(/^ORD-\d{6,}: /).allTextContents()).toEqual(numbers);
      expect(await main.getByTestId("mass-order-line").count()).toBe(3);
      await main.getByText("Quantity must be between 100 and 100,000.").waitFor();
      expect(await textarea.inputValue()).toBe(paste);
      expect(requests.count).toBe(0);
      await page.screenshot({
        path: path.join(tmpdir(), `boostly-mass-order-after-updates-${viewport.width}.png`),
        fullPage: true,
      });
      assertNoConsoleErrors();
    });
  }

  it("/orders shows the new statuses and keeps a typed search and an open dialog", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await fundWallet(account.id, 2_000);
    const tag = randomUUID().slice(0, 8);
    const placed = await placeLikesOrders(account.id, BACKGROUND_ORDERS, tag);
    const newest = placed.at(-1)!;
    const shown = placed.at(-2)!;

    await signInAs(page, account, "/orders");
    await waitUntilFollowing(page);
    const requests = countDataRequests(page);
    const main = page.getByRole("main");
    const search = main.getByLabel(ORDERS_PAGE_TEXT.searchLabel);
    await search.fill(`Live${tag}`);
    const newestCard = main
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: newest.orderNumber }) });
    await newestCard.getByRole("button", { name: ORDERS_PAGE_TEXT.cancel }).click();
    const dialog = page.getByRole("dialog", { name: ORDERS_PAGE_TEXT.cancelTitle });
    await dialog.waitFor();

    // Every other order starts, in one round: the list shows it, read once or twice, not once per order.
    await changeStatuses(
      placed.slice(0, -1).map((order) => ({ orderId: order.id, status: "in_progress" as const })),
    );
    await main
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: shown.orderNumber }) })
      .getByTestId("status-badge")
      .filter({ hasText: ORDER_STATUS_LABELS.in_progress })
      .waitFor();
    await page.locator("html:not([data-live-refresh])").waitFor({ state: "attached" });
    expect(requests.count).toBeGreaterThanOrEqual(1);
    expect(requests.count).toBeLessThanOrEqual(2);
    expect(await search.inputValue()).toBe(`Live${tag}`);
    expect(await dialog.isVisible()).toBe(true);
    assertNoConsoleErrors();
  });

  it("/wallet and /dashboard show the refund and keep an amount and a ticket typed but not sent", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await fundWallet(account.id, 1_000);
    const tag = randomUUID().slice(0, 8);
    const [first, second] = await placeLikesOrders(account.id, 2, tag);

    await signInAs(page, account, "/wallet");
    await waitUntilFollowing(page);
    const requests = countDataRequests(page);
    const main = page.getByRole("main");
    await main.getByLabel("Amount (USD)").fill("37");
    await changeStatuses([{ orderId: first!.id, status: "cancelled" }]);
    const refunded = await balanceOf(account.id);
    await main
      .getByTestId("wallet-balance")
      .filter({ hasText: formatCents(refunded) })
      .waitFor();
    await waitUntilHeard(page, refunded);
    expect(requests.count).toBeGreaterThanOrEqual(1);
    expect(await main.getByLabel("Amount (USD)").inputValue()).toBe("37");

    await signInAs(page, account, "/dashboard?tab=support");
    await waitUntilFollowing(page);
    const panel = main.getByRole("tabpanel", { name: "Support" });
    await panel.getByLabel("Category").selectOption({ label: "Order Issue" });
    await panel.getByLabel("Subject").fill("Where are my likes?");
    await panel.getByLabel("Message").fill("The second order has not started.");
    requests.reset();
    await changeStatuses([{ orderId: second!.id, status: "cancelled" }]);
    await waitUntilHeard(page, await balanceOf(account.id));
    expect(requests.count).toBeGreaterThanOrEqual(1);
    expect(requests.count).toBeLessThanOrEqual(2);
    expect(await panel.getByLabel("Subject").inputValue()).toBe("Where are my likes?");
    expect(await panel.getByLabel("Message").inputValue()).toBe("The second order has not started.");
    expect(await panel.getByLabel("Category").inputValue()).toBe("order");
    assertNoConsoleErrors();
  });

  it("/orders keeps a refused cancel's answer beside its order while other orders change status", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await fundWallet(account.id, 1_000);
    const tag = randomUUID().slice(0, 8);
    const placed = await placeLikesOrders(account.id, 4, tag);
    const target = placed.at(-1)!;

    await signInAs(page, account, "/orders");
    await waitUntilFollowing(page);
    const main = page.getByRole("main");
    const card = (orderNumber: string) =>
      main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: orderNumber }) });
    await card(target.orderNumber).getByRole("button", { name: ORDERS_PAGE_TEXT.cancel }).click();
    const dialog = page.getByRole("dialog", { name: ORDERS_PAGE_TEXT.cancelTitle });
    await dialog.waitFor();
    // Meanwhile the order started, and nobody told this page (a write without its notice): the cancel is refused.
    await db().update(orders).set({ status: "in_progress" }).where(eq(orders.id, target.id));
    await dialog.getByRole("button", { name: ORDERS_PAGE_TEXT.cancel }).click();
    const refusal = card(target.orderNumber).getByTestId("order-action-refused");
    await refusal.waitFor();
    const answer = await refusal.textContent();

    await changeStatuses(
      placed.slice(0, -1).map((order) => ({ orderId: order.id, status: "in_progress" as const })),
    );
    await card(placed[0]!.orderNumber)
      .getByTestId("status-badge")
      .filter({ hasText: ORDER_STATUS_LABELS.in_progress })
      .waitFor();
    await page.locator("html:not([data-live-refresh])").waitFor({ state: "attached" });
    expect(await refusal.textContent()).toBe(answer);
    assertNoConsoleErrors();
  });

  it("an order form and /quick-order half filled stay as typed, unread, while orders change status", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await fundWallet(account.id, 1_000);
    const tag = randomUUID().slice(0, 8);
    const placed = await placeLikesOrders(account.id, 4, tag);
    const main = page.getByRole("main");

    await signInAs(page, account, "/order/instagram-followers");
    await waitUntilFollowing(page);
    const requests = countDataRequests(page);
    await main.getByLabel("Target URL").fill(`https://www.instagram.com/half_${tag}/`);
    await main.getByLabel("Quantity").fill("250");
    await changeStatuses([
      { orderId: placed[0]!.id, status: "in_progress" },
      { orderId: placed[1]!.id, status: "cancelled" },
    ]);
    await waitUntilHeard(page, await balanceOf(account.id));
    expect(requests.count).toBe(0);
    expect(await main.getByLabel("Target URL").inputValue()).toBe(`https://www.instagram.com/half_${tag}/`);
    expect(await main.getByLabel("Quantity").inputValue()).toBe("250");

    await signInAs(page, account, "/quick-order");
    await waitUntilFollowing(page);
    requests.reset();
    await main.getByLabel("Target link").fill(`https://www.instagram.com/p/Quick${tag}/`);
    await main.getByLabel("Quantity").fill("300");
    await changeStatuses([
      { orderId: placed[2]!.id, status: "in_progress" },
      { orderId: placed[3]!.id, status: "cancelled" },
    ]);
    await waitUntilHeard(page, await balanceOf(account.id));
    expect(requests.count).toBe(0);
    expect(await main.getByLabel("Target link").inputValue()).toBe(
      `https://www.instagram.com/p/Quick${tag}/`,
    );
    expect(await main.getByLabel("Quantity").inputValue()).toBe("300");
    assertNoConsoleErrors();
  });
});
