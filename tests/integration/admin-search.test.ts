import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders } from "../../app/db/schema.ts";
import { readAdminAutoOrdersPage } from "../../app/domain/auto-orders/list-auto-orders-for-admin.server.ts";
import { LIST_COUNT_CAP } from "../../app/domain/lists/list-search.ts";
import { listCustomerOrders } from "../../app/domain/orders/list-customer-orders.server.ts";
import { readAdminOrdersPage } from "../../app/domain/orders/list-orders-for-admin.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { readAdminTicketsPage } from "../../app/domain/tickets/list-tickets-for-admin.server.ts";
import { createUser, serviceId } from "../support/factories.ts";
import { provider, order as sentOrder } from "../support/money-rows.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

/** Orders of one customer with the links and statuses given, newest last. */
async function insertOrders(
  userId: string,
  rows: { link: string; status: typeof orders.$inferInsert.status }[],
) {
  const service = await serviceId("TikTok Views");
  return db()
    .insert(orders)
    .values(
      rows.map((row, index) => ({
        userId,
        serviceId: service,
        quantity: 1000,
        targetLink: row.link,
        totalCents: cents(300),
        status: row.status,
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, index)),
      })),
    )
    .returning();
}

const found = async (q: string) =>
  (await readAdminOrdersPage(db(), { q })).orders.map((row) => row.orderNumber);

describe("the admin order search (product rules 14.30)", () => {
  it("finds an order by a piece of its link, as the customer's own search does", async () => {
    const customer = await createUser();
    const [abc2, other] = await insertOrders(customer.id, [
      { link: "https://www.tiktok.com/@abc2/video/7311", status: "pending" },
      { link: "https://www.tiktok.com/@zed9/video/1", status: "completed" },
    ]);
    for (const q of [
      "abc2",
      "ABC2",
      "https://www.tiktok.com/@abc2",
      "tiktok.com/@abc2/",
      "www.tiktok.com/@abc2/video/7311",
    ])
      expect(await found(q), q).toEqual([abc2!.orderNumber]);
    expect(await found("tiktok.com")).toEqual([other!.orderNumber, abc2!.orderNumber]);
    // The customer's /orders reads a link the same way.
    for (const q of ["abc2", "https://www.tiktok.com/@abc2"]) {
      const mine = await listCustomerOrders(db(), customer.id, { q });
      expect(
        mine.orders.map((row) => row.orderNumber),
        q,
      ).toEqual([abc2!.orderNumber]);
    }
    // Two characters look for no link: the index serves three or more (docs/decisions/045). ("/@" is in both links
    // and in no e-mail, which a random address could otherwise match.)
    expect(await found("/@")).toEqual([]);
  });

  it("finds an order by its number, its customer's e-mail and a part's provider order id", async () => {
    const alice = await createUser({ email: `alice-${randomUUID()}@example.test` });
    const bob = await createUser({ fundsCents: 1_000 });
    const [mine] = await insertOrders(alice.id, [
      { link: "https://www.tiktok.com/@alice", status: "pending" },
    ]);
    const upstream = await provider("Upstream");
    const sentId = await sentOrder({
      userId: bob.id,
      serviceId: await serviceId("TikTok Views"),
      totalCents: 300,
      placed: new Date(Date.UTC(2026, 10, 2)),
      providerId: upstream,
      part: { providerOrderId: "884412" },
    });
    const [sent] = await db().select().from(orders).where(sql`${orders.id} = ${sentId}`);
    expect(await found(mine!.orderNumber)).toEqual([mine!.orderNumber]);
    expect(await found(mine!.orderNumber.replace("ORD-", ""))).toEqual([mine!.orderNumber]);
    expect(await found(alice.email.toUpperCase())).toEqual([mine!.orderNumber]);
    expect(await found("884412")).toEqual([sent!.orderNumber]);
    expect(await found("88441")).toEqual([]);
  });

  it("counts the statuses of the searched orders, not of every order", async () => {
    const customer = await createUser();
    await insertOrders(customer.id, [
      { link: "https://www.tiktok.com/@abc2/video/1", status: "pending" },
      { link: "https://www.tiktok.com/@abc2/video/2", status: "completed" },
      { link: "https://www.tiktok.com/@abc2/video/3", status: "completed" },
      { link: "https://www.tiktok.com/@other/video/4", status: "completed" },
      { link: "https://www.tiktok.com/@other/video/5", status: "failed" },
    ]);
    const searched = await readAdminOrdersPage(db(), { q: "abc2" });
    expect(searched.counts).toMatchObject({ all: 3, pending: 1, completed: 2, failed: 0 });
    expect(searched.total).toBe(3);
    expect(searched.countsAtLeast).toBe(false);
    const filtered = await readAdminOrdersPage(db(), { q: "abc2", status: "completed" });
    expect(filtered.total).toBe(2);
    expect(filtered.counts).toEqual(searched.counts);
    expect((await readAdminOrdersPage(db(), {})).counts).toMatchObject({ all: 5, completed: 3, failed: 1 });
  });

  it("counts a search that finds more than 10,000 orders in one capped scan, each count a lower bound", async () => {
    const customer = await createUser();
    const service = await serviceId("TikTok Views");
    await db().execute(sql`
      insert into orders (user_id, service_id, quantity, target_link, total_cents, status, created_at)
      select ${customer.id}, ${service}, 1000, 'https://www.tiktok.com/@many/video/' || i, 300,
        (array['pending','completed','failed'])[1 + i % 3]::order_status, now() - make_interval(secs => i)
      from generate_series(1, 12000) as i`);
    await db().execute(sql`analyze orders`);
    const searched = await readAdminOrdersPage(db(), { q: "@many" });
    expect(searched.countsAtLeast).toBe(true);
    expect(searched.counts.all).toBe(LIST_COUNT_CAP + 1);
    const { pending, completed, failed } = searched.counts;
    expect(pending + completed + failed).toBe(LIST_COUNT_CAP + 1);
    for (const count of [pending, completed, failed]) expect(count).toBeGreaterThan(0);
    expect(searched.orders).toHaveLength(50);
  });

  it("counts the searched auto orders and tickets too", async () => {
    const alice = await createUser({ email: `alice-${randomUUID()}@example.test` });
    const bob = await createUser();
    await db().execute(sql`
      insert into tickets (user_id, category, subject, status)
      values (${alice.id}, 'request', 'Refill please', 'open'), (${bob.id}, 'request', 'Refill please', 'open'),
             (${bob.id}, 'request', 'Invoice', 'completed')`);
    const tickets = await readAdminTicketsPage(db(), { q: bob.email });
    expect(tickets.counts).toMatchObject({ all: 2, open: 1, completed: 1 });
    const autos = await readAdminAutoOrdersPage(db(), { q: alice.email });
    expect(autos.counts.all).toBe(0);
  });

  it("has its indexes, built outside the migrations' transaction", async () => {
    const result = await db().execute<{ name: string; valid: boolean }>(sql`
      select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname in ('orders_target_link_trgm_idx', 'fulfilments_provider_order_idx') order by 1`);
    expect(result.rows).toEqual([
      { name: "fulfilments_provider_order_idx", valid: true },
      { name: "orders_target_link_trgm_idx", valid: true },
    ]);
  });
});
