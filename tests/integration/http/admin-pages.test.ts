/**
 * Admin pages as the server renders them: every one noindex, a 404 for an unknown user, a malformed status change
 * answered without an error page, the orders list's Next and Previous links (docs/decisions/030), which a
 * browser follows like any link, the dashboard's charts and the banner an admin saves on the storefront. The lists' rules themselves: tests/integration/admin-orders.test.ts and
 * admin-lists-at-scale.test.ts; who may open the admin pages: access-guards.test.ts.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { adminAuditLog, bannerSettings, orders } from "../../../app/db/schema.ts";
import { cents } from "../../../app/domain/pricing/cents.ts";
import { createTicket } from "../../../app/domain/tickets/create-ticket.server.ts";
import { adjustBalance } from "../../../app/domain/wallet/adjust-balance.server.ts";
import {
  ADJUSTMENT_TEXT,
  adjustedText,
  belowZeroText,
} from "../../../app/domain/wallet/balance-adjustment.ts";
import { serviceId } from "../../support/factories.ts";
import { createAccount, signedInAdmin, signedInCustomer, Visitor, visibleText } from "../../support/http.ts";
import { redirectToast } from "../../support/redirect-toast.ts";

/** The list page's order numbers (row by row), its "Page x of y" line and its Previous and Next links. */
async function ordersPage(visitor: Visitor, path: string) {
  const response = await visitor.request(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const rows = html
    .split('data-testid="admin-order-row"')
    .slice(1)
    .map((row) => /ORD-\d+/.exec(row)?.[0] ?? "");
  const pagination = /<nav aria-label="Pagination"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
  const link = (name: string) => {
    const href = new RegExp(`<a [^>]*href="([^"]+)"[^>]*>${name}</a>`).exec(pagination)?.[1];
    return href?.replaceAll("&amp;", "&") ?? null;
  };
  return { rows, summary: visibleText(pagination), previous: link("Previous"), next: link("Next") };
}

describe("admin pages", () => {
  it("are all noindex; an unknown user is a 404 with a way back; a malformed status change is no error page", async () => {
    const admin = await signedInAdmin();
    for (const path of [
      "/admin/orders?status=in_progress&q=x&page=2",
      `/admin/users/${admin.id}`,
      "/admin/manual-order",
      "/admin/audit?from=not-a-day&page=x",
      `/admin/audit?from=2026-02-30&to=2026-13-01&subject=${"x".repeat(500)}&admin=%3Cscript%3E`,
    ]) {
      const response = await admin.visitor.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toMatch(/<meta name="robots" content="noindex"/);
    }
    const missing = await admin.visitor.request("/admin/users/00000000-0000-4000-8000-000000000000");
    expect(missing.status).toBe(404);
    const missingHtml = await missing.text();
    expect(missingHtml).toContain("User not found");
    expect(missingHtml).toContain("Back to Admin");

    const bad = await admin.visitor.request("/admin/orders?_data", {
      form: { intent: "set-status", orderId: admin.id, status: "shipped" },
    });
    expect(bad.status).toBeLessThan(500);
  });

  it("walks a customer's 60 orders with Next and Previous: 50, then 10 from the cursor, then back", async () => {
    const customer = await createAccount();
    const likes = await serviceId("Instagram Likes");
    // Ten at each instant: the page ends inside a tie, which the cursor's id settles.
    const base = Date.UTC(2026, 0, 1);
    await db()
      .insert(orders)
      .values(
        Array.from({ length: 60 }, (_, index) => ({
          userId: customer.id,
          serviceId: likes,
          quantity: 100,
          targetLink: `https://www.instagram.com/p/Walk${index}/`,
          totalCents: cents(40),
          createdAt: new Date(base + Math.floor(index / 10) * 1_000),
        })),
      );
    const { visitor } = await signedInAdmin();

    const first = await ordersPage(visitor, `/admin/orders?q=${encodeURIComponent(customer.email)}`);
    expect(first.summary).toContain("Page 1 of 2 (60 orders)");
    expect(first.rows).toHaveLength(50);
    expect(first.previous).toBeNull();
    expect(new URL(first.next!, "http://shop.test").searchParams.has("after")).toBe(true);

    const second = await ordersPage(visitor, first.next!);
    expect(second.summary).toContain("Page 2 of 2 (60 orders)");
    expect(second.rows).toHaveLength(10);
    expect(new Set([...first.rows, ...second.rows]).size).toBe(60);
    expect(second.next).toBeNull();

    const previous = new URL(second.previous!, "http://shop.test");
    expect(previous.searchParams.has("after") || previous.searchParams.has("page")).toBe(false);
    const back = await ordersPage(visitor, second.previous!);
    expect(back.summary).toContain("Page 1 of 2 (60 orders)");
    expect(back.rows).toEqual(first.rows);
  });

  it("name each order's platform as the brand writes it, and lead a user's page back to the users", async () => {
    const customer = await createAccount();
    await db()
      .insert(orders)
      .values({
        userId: customer.id,
        serviceId: await serviceId("TikTok Views"),
        quantity: 100,
        targetLink: "https://www.tiktok.com/@brand/video/1",
        totalCents: cents(40),
      });
    const { visitor } = await signedInAdmin();
    const list = await visitor.request(`/admin/orders?q=${encodeURIComponent(customer.email)}`);
    const row = (await list.text()).split('data-testid="admin-order-row"')[1] ?? "";
    expect(visibleText(row)).toContain("TikTok");
    expect(row).not.toContain("capitalize");
    const user = await (await visitor.request(`/admin/users/${customer.id}`)).text();
    expect(user).toMatch(/<a [^>]*href="\/admin\/users"[^>]*>← Back to Users<\/a>/);

    // A ticket about that order links its number to the order in the orders list.
    const [order] = await db().select().from(orders).where(eq(orders.userId, customer.id));
    const ticket = await createTicket(db(), {
      userId: customer.id,
      category: "order",
      subject: "Views missing",
      message: "Half of my views are missing.",
      orderId: order!.id,
    });
    if (!ticket.ok) throw new Error(ticket.message);
    const tickets = await (
      await visitor.request(`/admin/tickets?q=${encodeURIComponent(ticket.ticket.ticketNumber)}`)
    ).text();
    expect(tickets).toMatch(
      new RegExp(`<a [^>]*href="/admin/orders\\?q=${order!.orderNumber}"[^>]*>${order!.orderNumber}</a>`),
    );
  });

  it("show the audit log: a user's balance adjustment under their audit trail, linked from their page", async () => {
    const customer = await createAccount();
    const { visitor, id: adminId, email } = await signedInAdmin();
    const adjusted = await adjustBalance(db(), {
      adminId,
      userId: customer.id,
      kind: "goodwill",
      direction: "credit",
      amountCents: cents(525),
      reason: "Late delivery on a ticket",
    });
    expect(adjusted.ok).toBe(true);
    const user = await (await visitor.request(`/admin/users/${customer.id}`)).text();
    expect(user).toMatch(
      new RegExp(`<a [^>]*href="/admin/audit\\?subject=${customer.id}"[^>]*>Audit trail</a>`),
    );
    const response = await visitor.request(`/admin/audit?subject=${customer.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const rows = html.split('data-testid="audit-row"').slice(1);
    expect(rows).toHaveLength(1);
    const text = visibleText(rows[0]!);
    expect(text).toContain(email);
    expect(text).toContain("wallet.adjust");
    expect(text).toContain("Late delivery on a ticket");
    // A service's edit form leads to its own trail too.
    const likes = await serviceId("Instagram Likes");
    expect(await (await visitor.request(`/admin/services?edit=${likes}`)).text()).toMatch(
      new RegExp(`<a [^>]*href="/admin/audit\\?subject=${likes}"[^>]*>Audit trail</a>`),
    );

    // Past one page, the pages keep the filter.
    await db()
      .insert(adminAuditLog)
      .values(
        Array.from({ length: 50 }, () => ({
          adminId,
          action: "user.note",
          subjectType: "user",
          subjectId: customer.id,
        })),
      );
    const paged = await visitor.request(`/admin/audit?subject=${customer.id}`);
    const pagination = /<nav aria-label="Pagination"[\s\S]*?<\/nav>/.exec(await paged.text())?.[0] ?? "";
    expect(visibleText(pagination)).toContain("Page 1 of 2 (51 changes)");
    expect(pagination).toContain(`href="/admin/audit?subject=${customer.id}&amp;page=2"`);
  });

  it("draw 30 days of sales and orders and the funnel on /admin, each with a table of the same numbers", async () => {
    const { visitor } = await signedInAdmin();
    const response = await visitor.request("/admin");
    expect(response.status).toBe(200);
    const html = await response.text();
    /** The figure with this test id, as the server wrote it (its drawing and its table, open or not). */
    const figure = (testId: string) =>
      new RegExp(`<figure [^>]*data-testid="${testId}"[\\s\\S]*?</figure>`).exec(html)?.[0] ?? "";
    for (const testId of ["chart-net-sales", "chart-orders"]) {
      const chart = figure(testId);
      const drawing = /<svg[^>]*role="img"[\s\S]*?<\/svg>/.exec(chart)?.[0] ?? "";
      expect(drawing.match(/<rect /g), testId).toHaveLength(30);
      expect(/<title[^>]*>([^<]*)<\/title>/.exec(drawing)?.[1], testId).toMatch(/per day$/);
      expect(chart, testId).toContain("Show the numbers as a table");
      const body = /<tbody[\s\S]*?<\/tbody>/.exec(chart)?.[0] ?? "";
      expect(body.match(/<tr[ >]/g), testId).toHaveLength(30);
    }
    const funnel = figure("funnel-chart");
    for (const step of ["visits", "sign_ups", "first_deposits", "first_orders"])
      expect(funnel).toContain(`data-testid="funnel-${step}"`);
    const users = /data-testid="stat-total-users"[^>]*>([^<]*)</.exec(html)?.[1];
    expect(users).toMatch(/^\d[\d,]*$/);
  });
});

describe("the site banner", () => {
  // The servers' database is shared by the whole run: the banner goes back to what it was, whatever happened.
  let before: (typeof bannerSettings.$inferSelect)[] = [];
  beforeAll(async () => {
    before = await db().select().from(bannerSettings);
  });
  afterAll(async () => {
    for (const row of before)
      await db()
        .update(bannerSettings)
        .set({ bannerText: row.bannerText, bannerEnabled: row.bannerEnabled, bannerType: row.bannerType })
        .where(eq(bannerSettings.id, row.id));
  });

  /** The live banner of a storefront page: its type and text, or null. */
  async function bannerOn(path: string) {
    const html = await (await new Visitor().request(path)).text();
    const found = /data-testid="site-banner" data-banner-type="([a-z]+)"[^>]*>\s*<p[^>]*>([^<]*)<\/p>/.exec(
      html,
    );
    return found ? { type: found[1], text: found[2] } : null;
  }

  it("is on the home page while an admin has it enabled, with its type, and gone once switched off", async () => {
    const { visitor } = await signedInAdmin();
    const text = `HTTP banner ${randomUUID().slice(0, 8)}`;
    const saved = await redirectToast(
      visitor,
      await visitor.request("/admin/banner", { form: { text, type: "warning", enabled: "on" } }),
    );
    expect(saved.toast).toMatchObject({ title: "Banner settings updated successfully" });
    expect(visibleText(await (await visitor.request("/admin/banner")).text())).toContain(
      "Shown on the site now.",
    );
    expect(await bannerOn("/")).toEqual({ type: "warning", text });

    const off = await visitor.request("/admin/banner", { form: { text, type: "warning" } });
    expect((await redirectToast(visitor, off)).toast).toMatchObject({
      title: "Banner settings updated successfully",
    });
    expect(await bannerOn("/")).toBeNull();
  });
});

describe("a user's wallet on the admin page", () => {
  it("credit and debit a wallet by the user page's form: the answer says what was done, a refused debit changes nothing", async () => {
    const customer = await createAccount();
    const { visitor } = await signedInAdmin();
    const balance = async () =>
      /data-testid="user-balance"[^>]*>([^<]+)</.exec(
        await (await visitor.request(`/admin/users/${customer.id}`)).text(),
      )?.[1];
    const adjust = (fields: Record<string, string>) =>
      visitor.request(`/admin/users/${customer.id}.data`, {
        form: { intent: "adjust-balance", kind: "manual_payment", direction: "credit", ...fields },
      });

    const credited = await adjust({ amount: "25.50", reason: "Bank transfer 2026-11-27" });
    expect(credited.status).toBe(200);
    expect(await credited.text()).toContain(adjustedText(2550, "manual_payment", 2550));
    expect(await balance()).toBe("$25.50");

    const tooMuch = await adjust({
      direction: "debit",
      kind: "correction",
      amount: "30",
      reason: "Typo fix",
    });
    expect(await tooMuch.text()).toContain(belowZeroText(3000, 2550));
    const badAmount = await adjust({ amount: "1.005", reason: "Bank transfer" });
    expect(await badAmount.text()).toContain(ADJUSTMENT_TEXT.amount);
    expect(await balance()).toBe("$25.50");

    // A customer posting the same form reaches nothing.
    const stranger = await signedInCustomer();
    const forged = await stranger.visitor.request(`/admin/users/${customer.id}.data`, {
      form: {
        intent: "adjust-balance",
        kind: "goodwill",
        direction: "credit",
        amount: "100",
        reason: "Free money",
      },
    });
    expect(forged.status).not.toBe(200);
    expect(await balance()).toBe("$25.50");
  });
});
