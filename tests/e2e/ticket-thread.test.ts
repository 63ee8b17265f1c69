import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { mailOutbox, orders, tickets } from "../../app/db/schema.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { answerTicket } from "../../app/domain/tickets/answer-ticket.server.ts";
import { createTicket } from "../../app/domain/tickets/create-ticket.server.ts";
import { openAdminPage, signInAs, signInContext } from "../support/browser-sign-in.ts";
import { type Browser, launchBrowser, openPage } from "../support/chromium.ts";
import { fundWallet, serviceBySlug } from "../support/factories.ts";
import { appUrl, createAccount, createAdminAccount } from "../support/http.ts";

const axeSource = await readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(inject("chromiumPath"));
});
afterAll(async () => {
  await browser?.close();
});

// A pasted link with no place to break: it must wrap inside the ticket, never widen the page.
const LONG_LINK = `https://www.instagram.com/p/${"x".repeat(600)}/`;

describe("a ticket thread (product rules 7.8) and its reply mail (6.6)", () => {
  it("the customer opens a ticket, an admin replies, the customer reads it and the mail, answers, and the admin sees it", async () => {
    const customer = await createAccount();
    const shopper = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(shopper.page, customer, "/dashboard?tab=support");
    const panel = shopper.page.getByRole("tabpanel", { name: "Support" });
    await panel.getByLabel("Category").selectOption({ label: "General Request" });
    await panel.getByLabel("Subject").fill("Likes dropped");
    await panel.getByLabel("Message").fill(`My likes dropped on this post: ${LONG_LINK}`);
    await panel.getByRole("button", { name: "Submit Ticket" }).click();
    await shopper.page.getByText("Your ticket has been submitted successfully").first().waitFor();
    const [row] = await db().select().from(tickets).where(eq(tickets.userId, customer.id));
    const number = row!.ticketNumber;
    const mine = panel.getByTestId("ticket").filter({ hasText: number });
    await mine.getByTestId("thread-entry").first().waitFor();
    const fits = () =>
      shopper.page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      );
    expect(await fits()).toBe(true);

    // The admin finds it, reads the customer's message in the thread and replies; an open ticket is proposed
    // "in progress".
    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    await page.goto(`${appUrl}/admin/tickets?q=${number}`);
    const listed = page.getByTestId("admin-ticket").filter({ hasText: number });
    await listed.waitFor();
    // The list shows the thread's summary (product rules 17.20); the ticket's page, the whole thread.
    expect(await listed.getByTestId("ticket-message-count").textContent()).toBe("1 message");
    expect(await listed.getByTestId("ticket-last-message").textContent()).toContain(
      "My likes dropped on this post",
    );
    await listed.getByRole("link", { name: `Open ticket ${number}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/admin/tickets/"));
    const ticket = page.getByTestId("admin-ticket");
    expect(await ticket.getByTestId("ticket-thread").textContent()).toContain(
      "My likes dropped on this post",
    );
    expect(await ticket.getByLabel("Status").inputValue()).toBe("in_progress");
    await ticket.getByLabel("Reply to the customer").fill("We are refilling it now.");
    await ticket.getByRole("button", { name: "Update Ticket" }).click();
    await page.getByText("Ticket updated successfully").first().waitFor();
    await expect.poll(() => ticket.getByTestId("ticket-status").textContent()).toBe("IN PROGRESS");
    await ticket.getByTestId("thread-entry").filter({ hasText: "We are refilling it now." }).waitFor();
    expect(await ticket.getByLabel("Reply to the customer").inputValue()).toBe("");

    // The customer sees the reply from "Support", and the status change, in order.
    await shopper.page.reload();
    const entries = mine.getByTestId("thread-entry");
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(1).textContent()).toContain("We are refilling it now.");
    expect(await entries.nth(1).textContent()).toContain("Support");
    expect(await entries.nth(1).getByTestId("thread-status").textContent()).toBe("Status: IN PROGRESS");
    expect(await mine.getByTestId("ticket-status").textContent()).toBe("IN PROGRESS");

    // The reply mail arrived, with the reply, a plain-text part and the link to the preferences.
    await shopper.page.goto(`${appUrl}/dev/mailbox?to=${encodeURIComponent(customer.email)}`);
    const mail = shopper.page.getByTestId("mail").filter({ hasText: `Re: Likes dropped [${number}]` });
    await expect.poll(() => mail.count()).toBe(1);
    expect(await mail.textContent()).toContain("We are refilling it now.");
    const settings = mail.getByRole("link", { name: "Notification settings" });
    expect(await settings.getAttribute("href")).toMatch(/^http:\/\/localhost:\d+\/profile#notifications$/);
    await mail.getByRole("link", { name: "Open your tickets" }).click();
    await shopper.page.waitForURL((url) => url.pathname === "/dashboard");

    // The customer answers; it is theirs to send once, and the ticket waits for support again.
    const reply = shopper.page.getByRole("form", { name: `Reply to ${number}` });
    await reply.getByLabel("Your reply").fill("Thank you! Still 20 missing.");
    await reply.getByRole("button", { name: "Send Reply" }).click();
    await shopper.page.getByText("Your reply has been sent").first().waitFor();
    await expect.poll(() => mine.getByTestId("thread-entry").count()).toBe(3);
    await expect.poll(() => mine.getByTestId("ticket-status").textContent()).toBe("OPEN");
    expect(await reply.getByLabel("Your reply").inputValue()).toBe("");
    expect(await fits()).toBe(true);

    // An empty reply is refused beside the field, before anything is sent.
    await reply.getByRole("button", { name: "Send Reply" }).click();
    expect(
      await reply
        .getByLabel("Your reply")
        .evaluate((field: HTMLTextAreaElement) => field.validity.valueMissing),
    ).toBe(true);

    await page.reload();
    await ticket.getByTestId("thread-entry").filter({ hasText: "Thank you! Still 20 missing." }).waitFor();
    expect(await ticket.getByTestId("ticket-status").textContent()).toBe("OPEN");
    expect(await ticket.textContent()).toContain("Customer");
    assertNoConsoleErrors();
    shopper.assertNoConsoleErrors();
    await shopper.context.close();
  });

  it("with order updates switched off in /profile, an admin completing the order queues no mail", async () => {
    const customer = await createAccount();
    await fundWallet(customer.id, 1_000);
    const likes = await serviceBySlug("instagram-likes");
    const placed = await placeOrder(db(), {
      userId: customer.id,
      serviceId: likes.id,
      quantity: 150,
      targetLink: "https://www.instagram.com/p/QuietOrder1/",
      deliverySpeed: "normal",
    });
    if (!placed.ok) throw new Error(placed.message);
    const number = placed.order.orderNumber;

    const shopper = await openPage(browser);
    await signInAs(shopper.page, customer, "/profile");
    const card = shopper.page.locator("#notifications");
    const orderUpdates = card.getByLabel("Order updates");
    expect(await orderUpdates.isChecked()).toBe(true);
    await orderUpdates.uncheck();
    await card.getByRole("button", { name: "Save notifications" }).click();
    await shopper.page.getByText("Notification settings saved").first().waitFor();
    await shopper.page.reload();
    expect(await card.getByLabel("Order updates").isChecked()).toBe(false);
    expect(await card.getByLabel("Support replies").isChecked()).toBe(true);

    const { page, assertNoConsoleErrors } = await openAdminPage(browser);
    await page.goto(`${appUrl}/admin/orders?q=${number}`);
    const row = page.getByTestId("admin-order-row").filter({ hasText: number });
    await row.waitFor();
    await row.getByLabel(`Status of ${number}`).selectOption("completed");
    await row.getByRole("button", { name: "Save" }).click();
    await page.getByText("Order status updated successfully").first().waitFor();
    const [done] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
    expect(done?.status).toBe("completed");
    // The mail would have been queued in the status change's own transaction, which has committed.
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.to, customer.email.toLowerCase()), like(mailOutbox.subject, `Order ${number}%`)),
      );
    expect(mails).toEqual([]);
    assertNoConsoleErrors();
    shopper.assertNoConsoleErrors();
    await shopper.context.close();
  });

  it.each([
    ["/dashboard?tab=support", "customer"],
    ["/profile#notifications", "customer"],
    ["/admin/tickets", "admin"],
    ["/admin/tickets/:ticketId", "admin"],
  ] as const)("has no serious or critical axe violations: %s with a thread", async (path, who) => {
    const customer = await createAccount();
    const admin = await createAdminAccount();
    const created = await createTicket(db(), {
      userId: customer.id,
      category: "request",
      subject: "Axe check",
      message: "Is this readable?",
    });
    if (!created.ok) throw new Error(created.message);
    await answerTicket(db(), {
      adminId: admin.id,
      ticketId: created.ticket.id,
      status: "in_progress",
      response: "It is.",
    });
    const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
    try {
      await signInContext(context, who === "admin" ? admin : customer);
      const page = await context.newPage();
      const address =
        path === "/admin/tickets"
          ? `${path}?q=${created.ticket.ticketNumber}`
          : path.replace(":ticketId", created.ticket.id);
      await page.goto(`${appUrl}${address}`);
      await page
        .getByTestId("thread-entry")
        .or(page.getByTestId("ticket-last-message"))
        .or(page.locator("#notifications"))
        .first()
        .waitFor();
      await page.evaluate(axeSource);
      const results = await page.evaluate(() =>
        (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe.run(document),
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
  });
});
