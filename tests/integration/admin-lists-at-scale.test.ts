import "../support/worker-database.ts";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { autoOrders, orders, tickets, users } from "../../app/db/schema.ts";
import {
  ADMIN_USERS_PAGE_SIZE,
  readAdminUsersPage,
} from "../../app/domain/accounts/list-users-for-admin.server.ts";
import { readAdminAutoOrdersPage } from "../../app/domain/auto-orders/list-auto-orders-for-admin.server.ts";
import type { ListPaging, ListPosition } from "../../app/domain/lists/keyset-page.server.ts";
import { LIST_COUNT_CAP } from "../../app/domain/lists/list-search.ts";
import {
  ADMIN_ORDERS_PAGE_SIZE,
  readAdminOrdersPage,
} from "../../app/domain/orders/list-orders-for-admin.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { readAdminTicketsPage } from "../../app/domain/tickets/list-tickets-for-admin.server.ts";
import { createUser, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// docs/decisions/030-admin-lists-at-scale.md
beforeEach(resetDatabase);

/** `count` orders of one customer, `perInstant` of them stored at each same created_at (ties). */
async function insertOrders(userId: string, count: number, perInstant: number) {
  const likes = await serviceId("Instagram Likes");
  const base = Date.UTC(2026, 0, 1);
  return db()
    .insert(orders)
    .values(
      Array.from({ length: count }, (_, index) => ({
        userId,
        serviceId: likes,
        quantity: 100,
        targetLink: `https://www.instagram.com/p/Tie${index}/`,
        totalCents: cents(40),
        createdAt: new Date(base + Math.floor(index / perInstant) * 1_000),
      })),
    )
    .returning({ id: orders.id, orderNumber: orders.orderNumber, createdAt: orders.createdAt });
}

/** Every page of a list from the first, following `next` (forward) and then `previous` (back). */
async function walk<R extends { id: string }>(
  read: (position: ListPosition) => Promise<ListPaging & { rows: R[] }>,
) {
  const forward: string[][] = [];
  let page = await read({});
  forward.push(page.rows.map((row) => row.id));
  while (page.next) {
    page = await read({ page: page.page + 1, after: page.next });
    forward.push(page.rows.map((row) => row.id));
  }
  const backward: string[][] = [page.rows.map((row) => row.id)];
  while (page.previous && page.page > 1) {
    page = await read({ page: page.page - 1, before: page.previous });
    backward.unshift(page.rows.map((row) => row.id));
  }
  return { forward, backward, firstPage: page.page };
}

describe("admin lists at scale", () => {
  it("pages by cursor through orders tied on created_at: every order once, newest first, and back again", async () => {
    const customer = await createUser();
    // 125 orders, 10 at each instant: pages of 50 end in the middle of a tie.
    const inserted = await insertOrders(customer.id, 125, 10);
    const { forward, backward, firstPage } = await walk(async (position) => {
      const result = await readAdminOrdersPage(db(), position);
      return { ...result, rows: result.orders };
    });
    expect(forward.map((ids) => ids.length)).toEqual([50, 50, 25]);
    const seen = forward.flat();
    expect(new Set(seen).size).toBe(125);
    const expected = [...inserted]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    expect(seen).toEqual(expected);
    expect(backward).toEqual(forward);
    expect(firstPage).toBe(1);
    // A numbered page (a bookmark) shows the same rows as the cursor walk reached.
    const third = await readAdminOrdersPage(db(), { page: 3 });
    expect(third.orders.map((row) => row.id)).toEqual(forward[2]);
    expect(third).toMatchObject({ page: 3, pageCount: 3, total: 125, next: null });
    // A malformed cursor is the first page, not an error.
    expect((await readAdminOrdersPage(db(), { after: "1_not-a-uuid" })).orders[0]?.id).toBe(expected[0]);
  });

  it("pages the users list by cursor, every account once even when they signed up at the same instant", async () => {
    const at = new Date(Date.UTC(2026, 0, 1));
    await db()
      .insert(users)
      .values(
        Array.from({ length: 2 * ADMIN_USERS_PAGE_SIZE + 7 }, (_, index) => ({
          email: `same-instant-${index}@scale.test`,
          emailVerified: true,
          createdAt: at,
        })),
      );
    const { forward, backward } = await walk(async (position) => {
      const result = await readAdminUsersPage(db(), position);
      return { ...result, rows: result.users };
    });
    expect(forward.map((ids) => ids.length)).toEqual([50, 50, 7]);
    expect(new Set(forward.flat()).size).toBe(107);
    expect(backward).toEqual(forward);
  });

  it("finds an order by its exact number and a customer by the whole e-mail, in any case", async () => {
    const ann = await createUser({ email: "ann@scale.test" });
    const joann = await createUser({ email: "joann@scale.test" });
    const [annOrder] = await insertOrders(ann.id, 3, 1);
    await insertOrders(joann.id, 2, 1);
    const number = annOrder!.orderNumber;
    for (const q of [number, number.toLowerCase(), number.replace("ORD-", "")]) {
      const found = await readAdminOrdersPage(db(), { q });
      expect(found.orders.map((row) => row.id)).toEqual([annOrder!.id]);
    }
    // The whole address is that customer only (users_email_unique), not every e-mail containing it.
    const byEmail = await readAdminOrdersPage(db(), { q: "ANN@Scale.Test" });
    expect(byEmail).toMatchObject({ total: 3 });
    expect(byEmail.orders.every((row) => row.customerEmail === "ann@scale.test")).toBe(true);
    const users = await readAdminUsersPage(db(), { q: " ANN@SCALE.TEST " });
    expect(users.users.map((user) => user.email)).toEqual(["ann@scale.test"]);
  });

  it("finds substrings case-insensitively through the trigram indexes, short and wildcard searches too", async () => {
    const joanne = await createUser({ email: "joanne.smith@scale.test" });
    await createUser({ email: "peter@scale.test" });
    await insertOrders(joanne.id, 2, 1);
    await db()
      .insert(tickets)
      .values({ userId: joanne.id, category: "request", subject: "Partial REFUND please" });
    await db()
      .insert(autoOrders)
      .values({
        userId: joanne.id,
        serviceId: await serviceId("Instagram Auto Likes"),
        targetUsername: "Creator.Scale",
        likesPerPost: 100,
        costPerPostCents: cents(40),
        totalPosts: 10,
        remainingPosts: 10,
      });
    expect((await readAdminUsersPage(db(), { q: "ANNE.SM" })).users.map((user) => user.email)).toEqual([
      joanne.email,
    ]);
    expect((await readAdminUsersPage(db(), { q: "an" })).total).toBe(1);
    expect((await readAdminUsersPage(db(), { q: "%" })).total).toBe(0);
    expect((await readAdminOrdersPage(db(), { q: "NNE.SMI" })).total).toBe(2);
    expect((await readAdminTicketsPage(db(), { q: "refund" })).total).toBe(1);
    expect((await readAdminTicketsPage(db(), { q: "ANNE" })).total).toBe(1);
    expect((await readAdminAutoOrdersPage(db(), { q: "@creator.sc" })).total).toBe(1);
    expect((await readAdminAutoOrdersPage(db(), { q: "smith@" })).total).toBe(1);
  });

  it("counts exactly up to 10,000 and caps beyond, so a page view never counts every row", async () => {
    const customer = await createUser();
    const service = await serviceId("Instagram Likes");
    await db().execute(sql`
      insert into orders (user_id, service_id, quantity, target_link, total_cents, status, created_at)
      select ${customer.id}, ${service}, 100, 'https://www.instagram.com/p/Cap/', 40,
        case when i <= 5 then 'failed'::order_status else 'completed'::order_status end,
        now() - make_interval(secs => i)
      from generate_series(1, ${LIST_COUNT_CAP + 6}) as i`);
    const page = await readAdminOrdersPage(db(), {});
    expect(page.counts).toMatchObject({ failed: 5, completed: LIST_COUNT_CAP + 1, all: LIST_COUNT_CAP + 1 });
    expect(page.total).toBe(LIST_COUNT_CAP + 1);
    expect(page.orders).toHaveLength(ADMIN_ORDERS_PAGE_SIZE);
    expect(page.next).not.toBeNull();
    expect((await readAdminOrdersPage(db(), { q: customer.email })).total).toBe(LIST_COUNT_CAP + 1);
    expect((await readAdminOrdersPage(db(), { status: "failed" })).total).toBe(5);
  });
});
