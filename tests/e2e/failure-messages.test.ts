/**
 * Customer spec section 8, 'Failed to submit ticket': the order a ticket is about disappears while the ticket is
 * being stored. The test holds the order's deletion open until the ticket's insert waits on it, then commits, so
 * the insert fails on its foreign key for real, and checks the toast the customer sees.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { connect, db } from "../../app/db/client.server.ts";
import { orders, services, tickets } from "../../app/db/schema.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { TICKET_TEXT } from "../../app/domain/tickets/messages.ts";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { appUrl, createAccount } from "../support/http.ts";

let browser: Browser;
// A second connection for the deletion that the test holds open (db() keeps watching meanwhile).
const side = connect(inject("httpDatabaseUrl"), 1);
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
  await side.pool.end();
});

/** Waits until a statement of the servers inserting into tickets is blocked on a lock. */
async function ticketInsertWaiting(): Promise<void> {
  const deadline = Date.now() + WAIT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { rows } = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and query ilike 'insert into "tickets"%'`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the ticket's insert did not wait on the order's deletion within ${WAIT_TIMEOUT_MS} ms`);
}

describe("support ticket (section 8)", () => {
  it("shows 'Error' / 'Failed to submit ticket' when the order is deleted while the ticket is stored", async () => {
    const { page } = await openPage(browser);
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    page.on("pageerror", (error) => consoleErrors.push(error.message));

    const account = await createAccount();
    const [service] = await db().select({ id: services.id }).from(services).limit(1);
    const [order] = await db()
      .insert(orders)
      .values({
        userId: account.id,
        serviceId: service!.id,
        quantity: 100,
        targetLink: "https://www.instagram.com/p/GoneOrder1/",
        totalCents: cents(0),
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });

    await page.goto(`${appUrl}/login?next=${encodeURIComponent("/dashboard?tab=support")}`);
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(account.email);
    await main.getByLabel("Password", { exact: true }).fill(account.password);
    await main.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await page.locator('[data-testid="header-balance"][data-live="on"]').waitFor();

    const panel = main.getByRole("tabpanel", { name: "Support" });
    await panel.getByLabel("Category").selectOption({ label: "Order Issue" });
    const option = panel
      .getByLabel("Order", { exact: true })
      .locator("option", { hasText: order!.orderNumber });
    await panel.getByLabel("Order", { exact: true }).selectOption((await option.getAttribute("value")) ?? "");
    const subject = `Order vanished ${randomUUID()}`;
    await panel.getByLabel("Subject").fill(subject);
    await panel.getByLabel("Message").fill("Where did my order go?");

    // Another session deletes the order and keeps its transaction open: the ticket still sees the order as
    // its customer's, and its insert waits on the order row until the deletion commits.
    const remover = await side.pool.connect();
    try {
      await remover.query("begin");
      await remover.query("delete from orders where id = $1", [order!.id]);
      await panel.getByRole("button", { name: "Submit Ticket" }).click();
      await ticketInsertWaiting();
      await remover.query("commit");
    } catch (error) {
      await remover.query("rollback");
      throw error;
    } finally {
      remover.release();
    }

    const toast = page
      .getByTestId("toast")
      .filter({ has: page.getByText("Error", { exact: true }) })
      .filter({ has: page.getByText(TICKET_TEXT.failed, { exact: true }) });
    await toast.first().waitFor();
    // The dashboard stays on screen (no error page) and nothing was stored.
    await panel.getByRole("button", { name: "Submit Ticket" }).waitFor();
    expect(await db().$count(tickets, eq(tickets.subject, subject))).toBe(0);
    // The only console line is the browser's own note of the failed request (status 500).
    expect(consoleErrors.filter((text) => !/status of 500/.test(text))).toEqual([]);
  });
});
