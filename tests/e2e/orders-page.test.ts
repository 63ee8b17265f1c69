import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders, refills } from "../../app/db/schema.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { decideManualRefill } from "../../app/domain/refills/manual-refills.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { signInAs, signInContext } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { balanceOf, createUser, fundWallet, serviceBySlug } from "../support/factories.ts";
import { appUrl, createAccount } from "../support/http.ts";

const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

/** A paid Instagram Likes order (150 at $4.00/1000: $0.60), delivered by a person (the test servers run no worker). */
async function placeLikes(userId: string, link: string) {
  const placed = await placeOrder(db(), {
    userId,
    serviceId: (await serviceBySlug("instagram-likes")).id,
    quantity: 150,
    targetLink: link,
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return placed.order;
}

/** A customer with `count` orders, each with its own link, and $10.00 left after paying for them. */
async function customerWithOrders(count: number) {
  const account = await createAccount();
  await fundWallet(account.id, 1_000 + count * 60);
  const placed = [];
  for (let n = 1; n <= count; n++)
    placed.push(await placeLikes(account.id, `https://www.instagram.com/p/Journey${n}/`));
  return { account, placed };
}

function card(page: Page, orderNumber: string) {
  return page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: orderNumber }) });
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(document),
  );
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

describe("/orders, the customer's orders", () => {
  it("reaches order 17 of 17 through paging by keyboard, and finds one by its link or its number", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const { account, placed } = await customerWithOrders(17);
    await signInAs(page, account, "/dashboard");
    // The dashboard keeps its recent ten and links to them all; the user menu does too.
    await page.getByTestId("view-all-orders").click();
    await page.waitForURL((url) => url.pathname === "/orders");
    const main = page.getByRole("main");
    await main.getByText("Showing 1–10 of 17 orders").waitFor();
    expect(await main.getByTestId("customer-order").count()).toBe(10);
    await card(page, placed[16]!.orderNumber).waitFor();

    const next = main
      .getByRole("navigation", { name: "Pages of orders" })
      .getByRole("link", { name: "Next" });
    await next.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await main.getByText("Showing 11–17 of 17 orders").waitFor();
    // The oldest order, the 17th of 17, is the last on the last page, with its link, history and Reorder.
    const oldest = card(page, placed[0]!.orderNumber);
    expect(await main.getByTestId("customer-order").last().getByRole("heading").textContent()).toBe(
      placed[0]!.orderNumber,
    );
    expect(await oldest.getByTestId("order-link").textContent()).toBe(
      "Link: https://www.instagram.com/p/Journey1/",
    );
    await oldest.getByText("Status history").click();
    await oldest.getByTestId("status-history").getByText("Placed").waitFor();
    const reorder = await oldest.getByRole("link", { name: /Reorder/ }).getAttribute("href");
    const reorderUrl = new URL(reorder ?? "", appUrl);
    expect(reorderUrl.searchParams.get("link")).toBe("https://www.instagram.com/p/Journey1/");
    expect(reorderUrl.searchParams.get("pkg")).toBe("150");
    expect(
      await main
        .getByRole("navigation", { name: "Pages of orders" })
        .getByRole("link", { name: "Page 2" })
        .getAttribute("aria-current"),
    ).toBe("page");
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Search by a piece of the link, any case: one order, and the search starts again at page 1.
    await main.getByLabel("Search orders").fill("p/JOURNEY5/");
    await page.keyboard.press("Enter");
    await page.waitForURL(
      (url) => url.searchParams.get("q") === "p/JOURNEY5/" && !url.searchParams.has("page"),
    );
    await main.getByText("Showing 1–1 of 1 order").waitFor();
    await card(page, placed[4]!.orderNumber).waitFor();

    // By the bare number of the order, with a status filter.
    await main.getByLabel("Search orders").fill(placed[11]!.orderNumber.replace("ORD-", ""));
    await main.getByLabel("Status").selectOption("pending");
    await main.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "pending");
    await main.getByText("Showing 1–1 of 1 order").waitFor();
    await card(page, placed[11]!.orderNumber).waitFor();
    await main.getByLabel("Status").selectOption("completed");
    await main.getByRole("button", { name: "Search" }).click();
    await main.getByText("No orders match your search").waitFor();

    await page.getByTestId("user-menu-button").click();
    await page.getByRole("link", { name: "My Orders" }).click();
    await page.waitForURL((url) => url.pathname === "/orders" && url.search === "");
    await main.getByText("Showing 1–10 of 17 orders").waitFor();
    assertNoConsoleErrors();
  });

  it("cancels a pending order after a confirmation: refunded to the balance, shown Cancelled", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const { account, placed } = await customerWithOrders(1);
    const order = placed[0]!;
    await signInAs(page, account, "/orders");
    const orderCard = card(page, order.orderNumber);
    await orderCard.getByTestId("status-badge").filter({ hasText: "Pending" }).waitFor();

    // Escape closes the confirmation without cancelling.
    await orderCard.getByRole("button", { name: "Cancel order" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this order?" });
    await dialog.waitFor();
    // Nothing was sent (a person delivers it and has not started): it stops now, refunded in full (rules 4.17).
    expect(await dialog.textContent()).toContain("it stops now and $0.60 is refunded to your wallet in full");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    const [still] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(still?.status).toBe("pending");

    await orderCard.getByRole("button", { name: "Cancel order" }).click();
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await page.getByText("Order cancelled").first().waitFor();
    await page.getByText("$0.60 refunded to your wallet.").first().waitFor();
    await orderCard.getByTestId("status-badge").filter({ hasText: "Cancelled" }).waitFor();
    expect(await orderCard.getByTestId("order-refunded").textContent()).toBe("$0.60");
    expect(await orderCard.getByRole("button", { name: "Cancel order" }).count()).toBe(0);
    await orderCard.getByText("Status history").click();
    expect(await orderCard.getByTestId("status-history").getByRole("listitem").allTextContents()).toEqual([
      expect.stringContaining("Placed"),
      expect.stringContaining("Cancelled"),
    ]);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="header-balance"]')?.textContent === "$10.60",
    );
    expect(await balanceOf(account.id)).toBe(1_060);
    expect(await findLedgerMismatches(db())).toEqual([]);
    assertNoConsoleErrors();
  });

  it("says beside the order why a cancel was refused (the window passed while the page was open)", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const { account, placed } = await customerWithOrders(1);
    const order = placed[0]!;
    await signInAs(page, account, "/orders");
    const orderCard = card(page, order.orderNumber);
    await orderCard.getByRole("button", { name: "Cancel order" }).waitFor();
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(orders.id, order.id));
    await orderCard.getByRole("button", { name: "Cancel order" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel order" }).click();
    await orderCard
      .getByRole("alert")
      .getByText("Orders can be cancelled within 30 minutes of placing them; this one is older")
      .waitFor();
    await orderCard.getByTestId("status-badge").filter({ hasText: "Pending" }).waitFor();
    // The page's data reloads after the answer: the window has passed, so Cancel is no longer offered.
    await expect.poll(() => orderCard.getByRole("button", { name: "Cancel order" }).count()).toBe(0);
    expect(await balanceOf(account.id)).toBe(1_000);
    assertNoConsoleErrors();
  });

  it("cancels without JavaScript too: the button is a form posting to the page", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const { account, placed } = await customerWithOrders(1);
      await signInContext(context, account);
      const page = await context.newPage();
      await page.goto(`${appUrl}/orders`);
      const orderCard = card(page, placed[0]!.orderNumber);
      await orderCard.getByRole("button", { name: "Cancel order" }).click();
      await page.waitForLoadState("load");
      await orderCard.getByTestId("status-badge").filter({ hasText: "Cancelled" }).waitFor();
      expect(await balanceOf(account.id)).toBe(1_060);
    } finally {
      await context.close();
    }
  });

  it("refills a completed order after a confirmation and shows the refill until it is complete", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const { account, placed } = await customerWithOrders(1);
    const order = placed[0]!;
    await setOrderStatus(db(), { orderId: order.id, status: "completed" });
    await signInAs(page, account, "/orders");
    const orderCard = card(page, order.orderNumber);
    await orderCard.getByTestId("status-badge").filter({ hasText: "Completed" }).waitFor();
    expect(await orderCard.getByRole("button", { name: "Cancel order" }).count()).toBe(0);

    await orderCard.getByRole("button", { name: "Request refill" }).click();
    const dialog = page.getByRole("dialog", { name: "Request a refill?" });
    await dialog.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Request refill" }).click();
    await page.getByText("Refill requested").first().waitFor();
    await orderCard.getByTestId("order-refill-status").filter({ hasText: "Pending" }).waitFor();
    expect(await orderCard.getByRole("button", { name: "Request refill" }).count()).toBe(0);

    // A person delivered the order, so a person does the refill: an admin marks it completed.
    const [refill] = await db().select().from(refills).where(eq(refills.orderId, order.id));
    const admin = await createUser({ admin: true });
    expect(
      await decideManualRefill(db(), { adminId: admin.id, refillId: refill!.id, decision: "completed" }),
    ).toEqual({ ok: true, status: "completed" });
    await page.reload();
    await orderCard.getByTestId("order-refill-status").filter({ hasText: "Completed" }).waitFor();
    // A refill moves no money.
    expect(await balanceOf(account.id)).toBe(1_000);
    assertNoConsoleErrors();
  });
});
