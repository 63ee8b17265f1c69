import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { autoOrders, orders, tickets } from "../../app/db/schema.ts";
import { placeAutoOrder } from "../../app/domain/auto-orders/place-auto-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { signInAs, signInContext } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage, type Page } from "../support/chromium.ts";
import { fundWallet, serviceBySlug } from "../support/factories.ts";
import { expectFieldMessage } from "../support/field-message.ts";
import { appUrl, createAccount } from "../support/http.ts";

const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

async function text(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().textContent()) ?? "";
}

describe("the dashboard", () => {
  it("shows a new customer zero counts, the catalogue's packs and every empty state, with keyboard tabs", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    await signInAs(page, await createAccount());
    const main = page.getByRole("main");
    expect(await text(page, "account-balance")).toBe("$0.00");
    expect(await text(page, "stat-total-orders")).toBe("0");
    expect(await text(page, "stat-auto-services")).toBe("0");
    expect(await text(page, "stat-support-tickets")).toBe("0");
    expect(await main.getByTestId("popular-pack-small").getAttribute("href")).toBe(
      "/order/real-instagram-likes-small",
    );
    expect(await text(page, "popular-pack-small")).toContain("$7.95");
    expect(await text(page, "popular-pack-big")).toContain("$12.95");
    expect(await text(page, "popular-pack-ultima")).toContain("10,000 likes");

    const orders = main.getByRole("tab", { name: "Order History" });
    expect(await orders.getAttribute("aria-selected")).toBe("true");
    await main.getByText("No orders yet").waitFor();

    // Arrow keys move through the tabs and select them; the URL follows (?tab=), so links and reloads keep it.
    await orders.focus();
    await page.keyboard.press("ArrowRight");
    await page.waitForURL((url) => url.searchParams.get("tab") === "transactions");
    expect(
      await main.getByRole("tab", { name: "Transactions" }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await main.getByRole("tabpanel", { name: "Transactions" }).getByText("No transactions yet").waitFor();
    await page.keyboard.press("ArrowRight");
    await main.getByText("You don't have any active auto orders yet").waitFor();
    await page.keyboard.press("ArrowRight");
    await main.getByText("No tickets found...").waitFor();
    await page.keyboard.press("ArrowRight");
    await page.waitForURL((url) => url.searchParams.get("tab") === "orders");
    await page.keyboard.press("End");
    await page.waitForURL((url) => url.searchParams.get("tab") === "support");

    await page.reload();
    expect(await main.getByRole("tab", { name: "Support" }).getAttribute("aria-selected")).toBe("true");
    await main.getByText("No tickets found...").waitFor();
    assertNoConsoleErrors();
  });

  it("sets up an auto order, pauses, resumes and cancels it with the refund in the balance and the transactions", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await fundWallet(account.id, 2_000);
    await signInAs(page, account, "/automatic-order");

    const main = page.getByRole("main");
    await main.getByText("AUTO").first().waitFor();
    await main
      .getByLabel("Service", { exact: true })
      .selectOption({ label: "Instagram Auto Likes ($4.00/1000)" });
    await main.getByLabel("Target username").fill("@journey.creator");
    await main.getByLabel("Engagement per post").fill("100");
    await main.getByLabel("Total posts").fill("10");
    expect(await text(page, "auto-cost-per-post")).toBe("$0.40");
    expect(await text(page, "auto-total")).toBe("$4.00");
    await main.getByRole("button", { name: "Start Auto Order" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/dashboard" && url.searchParams.get("tab") === "auto-orders",
    );
    await page.getByText("Auto order created").first().waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-balance"]')?.textContent === "$16.00",
    );

    const card = main.getByTestId("auto-order");
    await card.getByText("@journey.creator · Instagram").waitFor();
    expect(await card.getByTestId("auto-order-progress").textContent()).toBe("0 of 10 posts");
    expect(await text(page, "stat-auto-services")).toBe("1");

    await card.getByRole("button", { name: "Pause" }).click();
    await page.getByText("Auto order paused successfully").first().waitFor();
    await card.getByTestId("status-badge").filter({ hasText: "Paused" }).waitFor();
    await card.getByRole("button", { name: "Resume" }).click();
    await page.getByText("Auto order resumed successfully").first().waitFor();
    await card.getByTestId("status-badge").filter({ hasText: "Active" }).waitFor();

    // The confirmation is a modal dialog: focus moves into it and Escape closes it without cancelling.
    await card.getByRole("button", { name: "Cancel & Refund" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this auto order?" });
    await dialog.waitFor();
    expect(await dialog.getByTestId("refund-amount").textContent()).toBe("$4.00");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    const [stillActive] = await db().select().from(autoOrders).where(eq(autoOrders.userId, account.id));
    expect(stillActive?.status).toBe("active");

    await card.getByRole("button", { name: "Cancel & Refund" }).click();
    await dialog.getByRole("button", { name: "Cancel & Refund" }).click();
    await page
      .getByText("Your auto order has been cancelled and $4.00 has been refunded to your wallet")
      .first()
      .waitFor();
    await card.getByTestId("status-badge").filter({ hasText: "Cancelled" }).waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="account-balance"]')?.textContent === "$20.00",
    );

    await main.getByRole("tab", { name: "Transactions" }).click();
    const refund = main.getByTestId("dashboard-transaction").filter({ hasText: "Auto order refund" });
    await refund.waitFor();
    expect(await refund.textContent()).toContain("+$4.00");
    // The refund's ledger row, once: tests/integration/auto-orders.test.ts.
    assertNoConsoleErrors();
  });

  it("claims a free trial, then opens a ticket about that order and sees it listed with its TKT number", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await signInAs(page, account, "/free-trial");

    const likes = page.getByTestId("free-trial-likes");
    await likes.getByLabel("Instagram post link").fill("https://www.instagram.com/p/TrialTicket1/");
    await likes.getByRole("button", { name: "Claim Now" }).click();
    await page.getByText("Free trial claimed").first().waitFor();
    const claimed = likes.getByTestId("free-trial-claimed");
    await claimed.waitFor();
    const orderNumber = /ORD-\d+/.exec((await claimed.textContent()) ?? "")?.[0];
    expect(orderNumber).toBeDefined();

    await page.goto(`${appUrl}/dashboard`);
    const main = page.getByRole("main");
    const order = main.getByTestId("dashboard-order").filter({ hasText: orderNumber! });
    await order.waitFor();
    expect(await order.textContent()).toContain("$0.00");
    expect(await text(page, "stat-total-orders")).toBe("1");

    await main.getByRole("tab", { name: "Support" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "support");
    const panel = main.getByRole("tabpanel", { name: "Support" });
    await panel.getByLabel("Category").selectOption({ label: "Order Issue" });
    // An order ticket needs an order: the form says so before sending anything.
    await panel.getByLabel("Subject").fill("Likes not arrived");
    await panel.getByLabel("Message").fill("My free likes have not arrived yet.");
    await panel.getByRole("button", { name: "Submit Ticket" }).click();
    // Said beside the Order field, which takes the focus (product rules 12.3), not in a toast.
    expect(
      await expectFieldMessage(panel.getByLabel("Order", { exact: true }), "Please select an order"),
    ).toEqual({ focused: true });
    expect(await page.getByTestId("toast").count()).toBe(0);
    const option = panel.getByLabel("Order", { exact: true }).locator("option", { hasText: orderNumber! });
    await panel.getByLabel("Order", { exact: true }).selectOption((await option.getAttribute("value")) ?? "");
    await panel.getByRole("button", { name: "Submit Ticket" }).click();
    await page.getByText("Your ticket has been submitted successfully").first().waitFor();

    const [row] = await db().select().from(tickets).where(eq(tickets.userId, account.id));
    expect(row).toMatchObject({ category: "order", subject: "Likes not arrived" });
    const ticket = panel.getByTestId("ticket").filter({ hasText: row!.ticketNumber });
    await ticket.waitFor();
    const shown = (await ticket.textContent()) ?? "";
    expect(shown).toContain("ORDER");
    expect(shown).toContain("OPEN");
    expect(shown).toContain(orderNumber!);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stat-support-tickets"]')?.textContent === "1",
    );
    assertNoConsoleErrors();
  });

  it("says why a free trial was not delivered and lets the customer claim it again", async () => {
    const { page, assertNoConsoleErrors } = await openPage(browser);
    const account = await createAccount();
    await signInAs(page, account, "/free-trial");
    const comments = page.getByTestId("free-trial-comments");
    await comments.getByLabel("Instagram post link").fill("https://www.instagram.com/p/TrialAgain1/");
    await comments.getByRole("button", { name: "Claim Now" }).click();
    await comments.getByTestId("free-trial-claimed").waitFor();
    const first = /ORD-\d+/.exec((await comments.getByTestId("free-trial-claimed").textContent()) ?? "")?.[0];

    // The provider could not deliver it: the order failed (an admin, or the worker after its last attempt).
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, first ?? ""));
    expect(await setOrderStatus(db(), { orderId: order!.id, status: "failed" })).toMatchObject({ ok: true });
    await page.reload();
    const notDelivered = comments.getByTestId("free-trial-not-delivered");
    await notDelivered.waitFor();
    expect(await notDelivered.textContent()).toContain("Not delivered: the order failed.");
    await comments.getByLabel("Instagram post link").fill("https://www.instagram.com/p/TrialAgain1/");
    await comments.getByRole("button", { name: "Claim again" }).click();
    await page.getByText("Free trial claimed").first().waitFor();
    const claimed = comments.getByTestId("free-trial-claimed");
    await claimed.waitFor();
    const second = /ORD-\d+/.exec((await claimed.textContent()) ?? "")?.[0];
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await claimed.textContent()).toContain("Pending");
    assertNoConsoleErrors();
  });

  it.each([
    ["/free-trial", false, null],
    ["/free-trial", true, null],
    ["/automatic-order", true, null],
    ["/dashboard?tab=support", true, "order ticket form"],
    ["/dashboard?tab=auto-orders", true, "cancel dialog"],
  ] as const)(
    "has no serious or critical axe violations: %s (signed in: %s, %s)",
    async (path, signedIn, state) => {
      const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
      try {
        if (signedIn) {
          const account = await createAccount();
          await fundWallet(account.id, 1_000);
          if (state === "cancel dialog") await placeAutoOrderFor(account.id);
          await signInContext(context, account);
        }
        const page = await context.newPage();
        await page.goto(`${appUrl}${path}`);
        await page.waitForLoadState("networkidle");
        if (state === "order ticket form") await page.getByLabel("Category").selectOption("order");
        if (state === "cancel dialog") {
          await page.getByRole("button", { name: "Cancel & Refund" }).click();
          await page.getByRole("dialog").waitFor();
        }
        await page.evaluate(axeSource);
        const results = await page.evaluate(() =>
          (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(
            document,
          ),
        );
        const serious = results.violations
          .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
          );
        expect(serious).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});

async function placeAutoOrderFor(userId: string) {
  const result = await placeAutoOrder(db(), {
    userId,
    serviceId: (await serviceBySlug("instagram-auto-likes")).id,
    username: "axe.creator",
    perPost: 100,
    posts: 5,
    deliverySpeed: "normal",
  });
  if (!result.ok) throw new Error(result.message);
}
