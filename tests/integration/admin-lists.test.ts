import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  adminAuditLog,
  analyticsEvents,
  autoOrders,
  deposits,
  orders,
  ticketMessages,
  tickets,
  transactions,
  users,
} from "../../app/db/schema.ts";
import {
  ADMIN_USERS_PAGE_SIZE,
  readAdminUsersPage,
  searchUsersForAdmin,
} from "../../app/domain/accounts/list-users-for-admin.server.ts";
import { readAdminDashboard } from "../../app/domain/admin/read-dashboard-stats.server.ts";
import { cancelAutoOrder, setRemainingPosts } from "../../app/domain/auto-orders/change-auto-order.server.ts";
import { readAdminAutoOrdersPage } from "../../app/domain/auto-orders/list-auto-orders-for-admin.server.ts";
import { placeAutoOrder } from "../../app/domain/auto-orders/place-auto-order.server.ts";
import { readAdminOrdersPage } from "../../app/domain/orders/list-orders-for-admin.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { createTicket } from "../../app/domain/tickets/create-ticket.server.ts";
import { listTickets } from "../../app/domain/tickets/list-tickets.server.ts";
import { readAdminTicketsPage } from "../../app/domain/tickets/list-tickets-for-admin.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { changeAutoOrderFromForm } from "../../app/routes/admin.auto-orders/change-auto-order-from-form.server.ts";
import { answerTicketFromForm } from "../../app/routes/admin.tickets/answer-ticket-from-form.server.ts";
import { balanceOf, createUser, fundWallet, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

/** A customer with a 10-post Auto Likes order ($0.40 a post, $4.00 paid) and an admin. */
async function autoOrderSetup() {
  const admin = await createUser({ admin: true });
  const customer = await createUser({ fundsCents: 1_000 });
  const placed = await placeAutoOrder(db(), {
    userId: customer.id,
    serviceId: await serviceId("Instagram Auto Likes"),
    username: "creator.one",
    perPost: 100,
    posts: 10,
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return { admin, customer, autoOrder: placed.autoOrder };
}

async function remainingOf(autoOrderId: string) {
  const [row] = await db().select().from(autoOrders).where(eq(autoOrders.id, autoOrderId));
  return row!;
}

describe("admin changes to auto orders", () => {
  it.each(["-1", "11", "1.5", "abc", ""])(
    "refuses remaining posts %j outside 0..total and changes nothing",
    async (value) => {
      const { admin, autoOrder } = await autoOrderSetup();
      const answer = await changeAutoOrderFromForm(db(), {
        adminId: admin.id,
        form: { intent: "set-remaining", autoOrderId: autoOrder.id, remainingPosts: value },
      });
      expect(answer.ok).toBe(false);
      expect(answer.notice.title).toBe("Failed to update remaining posts");
      if (value !== "" && value !== "abc")
        expect(answer.notice.message).toBe("Remaining posts must be a whole number from 0 to 10.");
      expect((await remainingOf(autoOrder.id)).remainingPosts).toBe(10);
      expect(await db().$count(adminAuditLog)).toBe(0);
    },
  );

  it("refuses -1, total + 1 and 1.5 at the domain function too", async () => {
    const { admin, autoOrder } = await autoOrderSetup();
    for (const value of [-1, 11, 1.5, Number.NaN]) {
      const result = await setRemainingPosts(db(), { kind: "admin", adminId: admin.id }, autoOrder.id, value);
      expect(result).toMatchObject({ ok: false, kind: "invalid", field: "remainingPosts" });
    }
    expect((await remainingOf(autoOrder.id)).remainingPosts).toBe(10);
  });

  it("sets remaining posts within 0..total, records the admin, and a later cancel refunds exactly that", async () => {
    const { admin, customer, autoOrder } = await autoOrderSetup();
    for (const value of ["0", "10", "4"]) {
      const answer = await changeAutoOrderFromForm(db(), {
        adminId: admin.id,
        form: { intent: "set-remaining", autoOrderId: autoOrder.id, remainingPosts: value },
      });
      expect(answer).toMatchObject({ ok: true, notice: { title: "Remaining posts updated" } });
    }
    expect((await remainingOf(autoOrder.id)).remainingPosts).toBe(4);
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "auto_order.remaining_posts"));
    expect(audit).toHaveLength(3);
    expect(audit.at(-1)).toMatchObject({
      adminId: admin.id,
      subjectId: autoOrder.id,
      details: { from: 10, to: 4 },
    });

    const cancelled = await changeAutoOrderFromForm(db(), {
      adminId: admin.id,
      form: { intent: "set-status", autoOrderId: autoOrder.id, status: "cancelled" },
    });
    expect(cancelled).toMatchObject({
      ok: true,
      notice: { message: "$1.60 was refunded to the customer's wallet." },
    });
    expect(await balanceOf(customer.id)).toBe(600 + 160);
    // A cancelled order keeps the count its refund was paid on.
    const late = await changeAutoOrderFromForm(db(), {
      adminId: admin.id,
      form: { intent: "set-remaining", autoOrderId: autoOrder.id, remainingPosts: "10" },
    });
    expect(late.ok).toBe(false);
    expect((await remainingOf(autoOrder.id)).remainingPosts).toBe(4);
  });

  it("refunds an admin cancel exactly once when two cancels race", async () => {
    const { admin, customer, autoOrder } = await autoOrderSetup();
    const actor = { kind: "admin" as const, adminId: admin.id };
    const results = await Promise.all([
      cancelAutoOrder(db(), actor, autoOrder.id),
      cancelAutoOrder(db(), actor, autoOrder.id),
      changeAutoOrderFromForm(db(), {
        adminId: admin.id,
        form: { intent: "set-status", autoOrderId: autoOrder.id, status: "cancelled" },
      }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await balanceOf(customer.id)).toBe(1_000);
    const refunds = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.autoOrderId, autoOrder.id), eq(transactions.type, "refund")));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: 400, adminId: admin.id });
    const row = await remainingOf(autoOrder.id);
    expect(row).toMatchObject({ status: "cancelled", statusChangedByAdminId: admin.id });
    expect(await db().$count(adminAuditLog, eq(adminAuditLog.action, "auto_order.cancelled"))).toBe(1);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("moves status through pause, resume and complete, and refuses a change of a cancelled order", async () => {
    const { admin, autoOrder } = await autoOrderSetup();
    const set = (status: string) =>
      changeAutoOrderFromForm(db(), {
        adminId: admin.id,
        form: { intent: "set-status", autoOrderId: autoOrder.id, status },
      });
    expect((await set("paused")).ok).toBe(true);
    expect((await set("active")).ok).toBe(true);
    expect((await set("completed")).ok).toBe(true);
    expect((await remainingOf(autoOrder.id)).status).toBe("completed");
    expect(await set("shipped")).toMatchObject({
      ok: false,
      notice: { title: "Failed to update auto order status" },
    });
    expect(await set("cancelled")).toMatchObject({ ok: false });
  });

  it("lists auto orders newest first, filtered by status and searched by e-mail or username", async () => {
    const { customer, autoOrder } = await autoOrderSetup();
    const page = await readAdminAutoOrdersPage(db(), {});
    expect(page).toMatchObject({ total: 1, counts: { all: 1, active: 1 } });
    expect(page.autoOrders[0]).toMatchObject({
      id: autoOrder.id,
      customerEmail: customer.email,
      serviceName: "Instagram Auto Likes",
      remainingPosts: 10,
      totalPosts: 10,
      totalCents: 400,
    });
    expect((await readAdminAutoOrdersPage(db(), { q: "@creator.O" })).total).toBe(1);
    expect((await readAdminAutoOrdersPage(db(), { q: customer.email.toUpperCase() })).total).toBe(1);
    expect((await readAdminAutoOrdersPage(db(), { q: "nobody%" })).total).toBe(0);
    expect((await readAdminAutoOrdersPage(db(), { status: "paused" })).autoOrders).toEqual([]);
  });
});

describe("admin ticket answers", () => {
  it("stores the status and response, records the admin, and the customer's ticket list shows it", async () => {
    const admin = await createUser();
    const customer = await createUser();
    const created = await createTicket(db(), {
      userId: customer.id,
      category: "payment",
      subject: "Card charged twice",
      message: "Please check my deposit.",
    });
    if (!created.ok) throw new Error(created.message);
    const answer = await answerTicketFromForm(db(), {
      adminId: admin.id,
      form: {
        intent: "answer",
        ticketId: created.ticket.id,
        status: "in_progress",
        response: "  We refunded the second charge.  ",
      },
    });
    expect(answer).toEqual({
      ok: true,
      notice: { title: "Ticket updated successfully", message: created.ticket.ticketNumber },
    });
    const [mine] = await listTickets(db(), customer.id);
    expect(mine?.status).toBe("in_progress");
    expect(mine?.thread.at(-1)).toMatchObject({
      authorRole: "admin",
      body: "We refunded the second charge.",
      status: "in_progress",
    });
    const [reply] = await db()
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.body, "We refunded the second charge."));
    expect(reply?.authorId).toBe(admin.id);
    expect(await db().$count(adminAuditLog, eq(adminAuditLog.subjectId, created.ticket.id))).toBe(1);

    // Refusals change nothing.
    for (const form of [
      { intent: "answer", ticketId: created.ticket.id, status: "closed", response: "x" },
      { intent: "answer", ticketId: randomUUID(), status: "completed", response: "x" },
      { intent: "answer", ticketId: created.ticket.id, status: "completed", response: "y".repeat(5_001) },
    ]) {
      const refused = await answerTicketFromForm(db(), { adminId: admin.id, form });
      expect(refused).toMatchObject({ ok: false, notice: { title: "Failed to update ticket" } });
    }
    expect((await listTickets(db(), customer.id))[0]?.status).toBe("in_progress");

    const listed = await readAdminTicketsPage(db(), { q: created.ticket.ticketNumber.toLowerCase() });
    expect(listed.tickets).toHaveLength(1);
    expect(listed.tickets[0]).toMatchObject({ customerEmail: customer.email, status: "in_progress" });
    expect((await readAdminTicketsPage(db(), { status: "open" })).total).toBe(0);
    expect((await readAdminTicketsPage(db(), { q: "charged TWICE" })).total).toBe(1);
  });
});

describe("the admin users list", () => {
  it("pages by 50, newest first, with balance, order count and admin badge, and searches by e-mail", async () => {
    const base = Date.UTC(2026, 0, 1);
    await db()
      .insert(users)
      .values(
        Array.from({ length: 53 }, (_, index) => ({
          email: `member-${String(index).padStart(2, "0")}@list.test`,
          emailVerified: true,
          createdAt: new Date(base + index * 60_000),
        })),
      );
    const newest = await createUser({ email: "zed-admin@list.test", admin: true, fundsCents: 1_000 });
    const placed = await placeOrder(db(), {
      userId: newest.id,
      serviceId: await serviceId("Instagram Likes"),
      quantity: 100,
      targetLink: "https://www.instagram.com/p/UsersList/",
      deliverySpeed: "normal",
    });
    expect(placed.ok).toBe(true);

    const first = await readAdminUsersPage(db(), {});
    expect(first).toMatchObject({ total: 54, page: 1, pageCount: 2 });
    expect(first.users).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect(first.users[0]).toMatchObject({
      email: newest.email,
      isAdmin: true,
      orderCount: 1,
      balanceCents: 960,
    });
    expect(first.users[1]).toMatchObject({ email: "member-52@list.test", isAdmin: false, orderCount: 0 });
    const second = await readAdminUsersPage(db(), { page: 2 });
    expect(second.users.map((user) => user.email)).toEqual([
      "member-03@list.test",
      "member-02@list.test",
      "member-01@list.test",
      "member-00@list.test",
    ]);
    expect((await readAdminUsersPage(db(), { page: 50 })).page).toBe(2);
    const found = await readAdminUsersPage(db(), { q: "MEMBER-1" });
    expect(found.total).toBe(10);
    expect(found.users.every((user) => user.email.startsWith("member-1"))).toBe(true);
    expect((await readAdminUsersPage(db(), { q: "%" })).total).toBe(0);
    // The manual order search keeps its shape, with the customer's discount (product rules 15.28).
    expect(await searchUsersForAdmin(db(), { q: "zed-" })).toEqual([
      { id: newest.id, email: newest.email, balanceCents: 960, discountTenths: 0 },
    ]);
  });
});

describe("the admin dashboard", () => {
  it("has 30 days of net sales and orders, oldest first, with zeros on empty days", async () => {
    const now = new Date(Date.UTC(2026, 10, 22, 15, 0));
    const customer = await createUser({ fundsCents: 10_000 });
    const likes = await serviceId("Instagram Likes");
    const placed = await placeOrder(db(), {
      userId: customer.id,
      serviceId: likes,
      quantity: 1_000,
      targetLink: "https://www.instagram.com/p/Chart1/",
      deliverySpeed: "normal",
    });
    if (!placed.ok) throw new Error(placed.message);
    // Move the order and its charge to three days ago; an older order is outside the window.
    const threeDaysAgo = new Date(Date.UTC(2026, 10, 19, 10, 0));
    await db().update(orders).set({ createdAt: threeDaysAgo }).where(eq(orders.id, placed.order.id));
    await db()
      .update(transactions)
      .set({ createdAt: threeDaysAgo })
      .where(eq(transactions.orderId, placed.order.id));
    await db()
      .insert(orders)
      .values({
        userId: customer.id,
        serviceId: likes,
        quantity: 100,
        targetLink: "https://www.instagram.com/p/Old/",
        totalCents: cents(40),
        createdAt: new Date(Date.UTC(2026, 9, 1)),
      });

    const dashboard = await readAdminDashboard(db(), now);
    expect(dashboard.days).toHaveLength(30);
    expect(dashboard.days[0]?.day).toBe("2026-10-24");
    expect(dashboard.days.at(-1)?.day).toBe("2026-11-22");
    const busy = dashboard.days.find((point) => point.day === "2026-11-19");
    expect(busy).toEqual({ day: "2026-11-19", netSalesCents: 400, orders: 1 });
    expect(
      dashboard.days.filter((point) => point !== busy).every((p) => p.orders === 0 && p.netSalesCents === 0),
    ).toBe(true);
    expect(dashboard.stats).toMatchObject({ totalUsers: 1, totalOrders: 2 });
  });

  it("counts revenue as the chart does: ledger purchases (auto orders too) minus refunds (a partial's undelivered share)", async () => {
    const { customer } = await autoOrderSetup(); // $4.00 auto order
    await fundWallet(customer.id, 1_000);
    const placed = await placeOrder(db(), {
      userId: customer.id,
      serviceId: await serviceId("Instagram Likes"),
      quantity: 1_000,
      targetLink: "https://www.instagram.com/p/Revenue1/",
      deliverySpeed: "normal",
    });
    if (!placed.ok) throw new Error(placed.message);
    const partial = await setOrderStatus(db(), { orderId: placed.order.id, status: "partial", remains: 500 });
    expect(partial).toMatchObject({ ok: true, refundCents: 200 });

    const dashboard = await readAdminDashboard(db());
    // $4.00 auto + $4.00 one-time - $2.00 refunded = $6.00, one definition for the card and the chart.
    expect(dashboard.stats.netSalesCents).toBe(600);
    expect(dashboard.days.reduce((sum, point) => sum + point.netSalesCents, 0)).toBe(600);
  });

  it("counts the funnel from page views, sign-up events, first completed deposits and first paid orders", async () => {
    // The dashboard's last 30 days up to November 30th: November 1st to 30th.
    const now = new Date(Date.UTC(2026, 10, 30, 12));
    const inside = new Date(Date.UTC(2026, 10, 10));
    const before = new Date(Date.UTC(2026, 9, 10));
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    await db()
      .insert(analyticsEvents)
      .values([
        // Three visitors, one of them twice; one visitor only before the window.
        { name: "page_view", visitorId: "v1", createdAt: inside },
        { name: "page_view", visitorId: "v1", createdAt: inside },
        { name: "page_view", visitorId: "v2", createdAt: inside },
        { name: "page_view", visitorId: "v3", createdAt: inside },
        { name: "page_view", visitorId: "v4", createdAt: before },
        { name: "sign_up", visitorId: "v1", createdAt: inside },
        { name: "sign_up", visitorId: "v2", createdAt: inside },
        { name: "sign_up", visitorId: "v2", createdAt: inside },
      ]);
    const deposit = (userId: string, completedAt: Date | null, status: "completed" | "pending") => ({
      userId,
      amountCents: cents(1_000),
      provider: "sandbox" as const,
      status,
      completedAt,
    });
    await db()
      .insert(deposits)
      .values([
        deposit(a.id, inside, "completed"),
        deposit(a.id, inside, "completed"),
        deposit(b.id, before, "completed"), // first deposit before the window
        deposit(b.id, inside, "completed"),
        deposit(c.id, null, "pending"),
      ]);
    const likes = await serviceId("Instagram Likes");
    // A link each: two orders on one link and service cannot both be active (product rules 4.27).
    let funnelLinks = 0;
    const funnelLink = () => {
      funnelLinks += 1;
      return `https://www.instagram.com/p/Funnel${funnelLinks}/`;
    };
    const order = (userId: string, createdAt: Date, totalCents: number) => ({
      userId,
      serviceId: likes,
      quantity: 100,
      targetLink: funnelLink(),
      totalCents: cents(totalCents),
      createdAt,
    });
    await db()
      .insert(orders)
      .values([
        order(a.id, inside, 40),
        order(a.id, inside, 40),
        order(b.id, before, 40),
        order(c.id, inside, 0),
      ]);

    const { funnel } = await readAdminDashboard(db(), now);
    expect(funnel.map((step) => [step.label, step.count])).toEqual([
      ["Visits", 3],
      ["Sign-ups", 2],
      ["First deposits", 1],
      ["First orders", 1],
    ]);
  });
});

describe("e-mail search in the admin lists", () => {
  it("finds every matching customer's rows, not only the first 100 customers'", async () => {
    const domain = `broad-${randomUUID().slice(0, 8)}.test`;
    const matching = await db()
      .insert(users)
      .values(Array.from({ length: 130 }, (_, i) => ({ email: `c${i}@${domain}`, emailVerified: true })))
      .returning({ id: users.id });
    const other = await createUser({ email: `other-${randomUUID()}@example.test` });
    const likes = await serviceId("Instagram Likes");
    const autoLikes = await serviceId("Instagram Auto Likes");
    const owners = [...matching, other];
    await db()
      .insert(orders)
      .values(
        owners.map(({ id }, i) => ({
          userId: id,
          serviceId: likes,
          quantity: 100,
          targetLink: `https://www.instagram.com/p/Broad${i}/`,
          totalCents: cents(40),
        })),
      );
    await db()
      .insert(autoOrders)
      .values(
        owners.map(({ id }) => ({
          userId: id,
          serviceId: autoLikes,
          targetUsername: "creator.broad",
          likesPerPost: 100,
          costPerPostCents: cents(40),
          totalPosts: 10,
          remainingPosts: 10,
        })),
      );
    await db()
      .insert(tickets)
      .values(
        owners.map(({ id }) => ({
          userId: id,
          category: "request" as const,
          subject: "Hi",
        })),
      );

    const q = domain.toUpperCase();
    const ordersPage = await readAdminOrdersPage(db(), { q });
    expect(ordersPage).toMatchObject({ total: 130, pageCount: 3 });
    expect(ordersPage.orders.every((row) => row.customerEmail?.endsWith(`@${domain}`))).toBe(true);
    expect((await readAdminOrdersPage(db(), { q, page: 3 })).orders).toHaveLength(30);
    expect((await readAdminAutoOrdersPage(db(), { q })).total).toBe(130);
    expect((await readAdminTicketsPage(db(), { q })).total).toBe(130);
    // LIKE wildcards in the search are literal characters.
    expect((await readAdminOrdersPage(db(), { q: `%@${domain}` })).total).toBe(0);
    expect((await readAdminTicketsPage(db(), { q: "_" })).total).toBe(0);
  });
});
