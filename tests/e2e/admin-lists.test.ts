import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { placeAutoOrder } from "../../app/domain/auto-orders/place-auto-order.server.ts";
import { createTicket } from "../../app/domain/tickets/create-ticket.server.ts";
import { openAdminPage, signInAs } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { fundWallet, serviceId } from "../support/factories.ts";
import { appUrl, createAccount } from "../support/http.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Admin list journeys in the browser: a ticket answered from the list and read by its customer, an auto order's
 * remaining posts set from its row. What the answers store and record: tests/integration/admin-lists.test.ts; the
 * admin dashboard's charts as the server draws them: http/admin-pages.test.ts.
 */
describe("admin lists", () => {
  it("an admin answers a customer's ticket and the customer reads it in the dashboard's Support tab", async () => {
    const customer = await createAccount();
    const created = await createTicket(db(), {
      userId: customer.id,
      category: "request",
      subject: "Where is my refill?",
      message: "My likes dropped last week.",
    });
    if (!created.ok) throw new Error(created.message);
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);

    await page.goto(`${appUrl}/admin/tickets`);
    await page.getByRole("search").getByLabel("Search by ticket number").fill(created.ticket.ticketNumber);
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === created.ticket.ticketNumber);
    const ticket = page.getByTestId("admin-ticket").filter({ hasText: created.ticket.ticketNumber });
    await expect.poll(() => ticket.count()).toBe(1);
    expect(await ticket.textContent()).toContain(customer.email);
    await ticket.getByLabel("Status").selectOption("completed");
    await ticket.getByLabel("Reply to the customer").fill("We have refilled your likes.");
    await ticket.getByRole("button", { name: "Update Ticket" }).click();
    await page.getByText("Ticket updated successfully").first().waitFor();
    await expect.poll(() => ticket.getByTestId("ticket-status").textContent()).toBe("COMPLETED");
    assertNoConsoleErrors();

    const shopper = await openPage(browser);
    await signInAs(shopper.page, customer, "/dashboard?tab=support");
    const mine = shopper.page.getByTestId("ticket").filter({ hasText: created.ticket.ticketNumber });
    await mine.getByTestId("thread-entry").filter({ hasText: "Support" }).waitFor();
    expect(await mine.textContent()).toContain("We have refilled your likes.");
    expect(await mine.textContent()).toContain("COMPLETED");
    shopper.assertNoConsoleErrors();
    await shopper.context.close();
  });

  it("an admin sets an auto order's remaining posts, and an out-of-range value is refused", async () => {
    const customer = await createAccount();
    await fundWallet(customer.id, 1_000);
    const placed = await placeAutoOrder(db(), {
      userId: customer.id,
      serviceId: await serviceId("Instagram Auto Likes"),
      username: "e2e.creator",
      perPost: 100,
      posts: 10,
      deliverySpeed: "normal",
    });
    if (!placed.ok) throw new Error(placed.message);
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);

    await page.goto(`${appUrl}/admin/auto-orders?q=${encodeURIComponent(customer.email)}`);
    const row = page.getByTestId("admin-auto-order-row");
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain("Instagram Auto Likes");
    expect(await row.getByTestId("auto-order-remaining").textContent()).toBe("10 remaining");

    const field = row.getByLabel("Remaining posts of @e2e.creator");
    await field.fill("11");
    await row.getByRole("button", { name: "Set remaining" }).click();
    await page.getByText("Remaining posts must be a whole number from 0 to 10.").first().waitFor();

    await field.fill("3");
    await row.getByRole("button", { name: "Set remaining" }).click();
    await page.getByText("Remaining posts updated").first().waitFor();
    await expect.poll(() => row.getByTestId("auto-order-remaining").textContent()).toBe("3 remaining");
    expect(await row.getByTestId("auto-order-progress").textContent()).toBe("7/10 posts done");
    assertNoConsoleErrors();
  });
});
