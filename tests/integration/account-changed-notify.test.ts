import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { fulfilments, orders, providers, sessions, ticketMessages, users } from "../../app/db/schema.ts";
import { SESSION_POLICY } from "../../app/domain/accounts/auth.server.ts";
import { readSessionAccount } from "../../app/domain/accounts/read-session.server.ts";
import { grantAdmin, revokeAdmin } from "../../app/domain/accounts/roles.server.ts";
import { cancelAutoOrder, pauseAutoOrder } from "../../app/domain/auto-orders/change-auto-order.server.ts";
import { placeAutoOrder } from "../../app/domain/auto-orders/place-auto-order.server.ts";
import { readSiteFrame } from "../../app/domain/content/read-site-frame.server.ts";
import { readDashboard } from "../../app/domain/dashboard/read-dashboard.server.ts";
import { apiKeyHint, encryptApiKey } from "../../app/domain/fulfilment/api-key-cipher.server.ts";
import { sendDueCancels } from "../../app/domain/fulfilment/cancel-upstream.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { answerTicket } from "../../app/domain/tickets/answer-ticket.server.ts";
import { createTicket } from "../../app/domain/tickets/create-ticket.server.ts";
import { replyToTicket } from "../../app/domain/tickets/reply-to-ticket.server.ts";
import { WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { createUser, fundWallet, serviceId } from "../support/factories.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";

/**
 * The account page cache keeps a customer's dashboard until a NOTIFY on `account_changed` names the customer
 * (docs/decisions/032-account-page-cache.md, drizzle/0017_account_changed_notify.sql). Each test drives one change
 * the dashboard shows through the domain function that makes it and checks that the customer is named, and that
 * another customer is not. The database is this worker's own (tests/support/worker-database.ts), shared with the
 * files that run before and after this one: nothing here truncates or deletes other rows.
 */

const CHANNEL = "account_changed";

let listener: pg.Client;
const received: string[] = [];
const waiters = new Set<() => void>();

beforeAll(async () => {
  listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await listener.connect();
  listener.on("notification", (message) => {
    if (message.channel !== CHANNEL) return;
    received.push(message.payload ?? "");
    for (const wake of waiters) wake();
  });
  await listener.query(`listen ${CHANNEL}`);
});

afterAll(async () => {
  await listener?.end();
});

/** Waits (at most WAIT_TIMEOUT_MS) until a payload received after `from` is `payload`, or fails naming it. */
function waitForPayload(payload: string, from: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!received.slice(from).includes(payload)) return;
      clearTimeout(timer);
      waiters.delete(check);
      resolve();
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`no NOTIFY ${CHANNEL} '${payload}' within ${WAIT_TIMEOUT_MS} ms`));
    }, WAIT_TIMEOUT_MS);
    waiters.add(check);
    check();
  });
}

/**
 * Everything notified since `from`, up to a marker sent after it: PostgreSQL delivers notifications in commit
 * order, so once the marker is here every notification of the transactions committed before it is here too
 * (no fixed wait needed to show that something was NOT notified).
 */
async function notifiedSince(from: number): Promise<string[]> {
  const marker = `marker-${randomUUID()}`;
  await db().execute(sql`select pg_notify(${CHANNEL}, ${marker})`);
  await waitForPayload(marker, from);
  return received.slice(from, received.indexOf(marker, from));
}

/** Where the notifications of a new action start: after those of everything committed before (a marker's). */
async function settled(): Promise<number> {
  await notifiedSince(received.length);
  return received.length;
}

/**
 * Runs `action` and checks that it notified `userId` and none of `others` (no cross-talk: another customer's
 * cached dashboard stays). Returns the action's result.
 */
async function expectNotified<T>(
  userId: string,
  action: () => Promise<T>,
  others: string[] = [],
): Promise<T> {
  const from = await settled();
  const result = await action();
  await waitForPayload(userId, from);
  const payloads = await notifiedSince(from);
  for (const other of others)
    expect(payloads, `another customer (${other}) was notified`).not.toContain(other);
  return result;
}

/** Runs `action` and checks that it did not notify `userId` (their cached dashboard stays). */
async function expectNotNotified(userId: string, action: () => Promise<unknown>): Promise<void> {
  const from = await settled();
  await action();
  expect(await notifiedSince(from)).not.toContain(userId);
}

async function likesOrder(userId: string) {
  const placed = await placeOrder(db(), {
    userId,
    serviceId: await serviceId("Instagram Likes"),
    quantity: 100,
    targetLink: "https://www.instagram.com/p/AccountCache1/",
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return placed.order;
}

async function autoOrder(userId: string) {
  const placed = await placeAutoOrder(db(), {
    userId,
    serviceId: await serviceId("Instagram Auto Likes"),
    username: "@cache.creator",
    perPost: 100,
    posts: 10,
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return placed.autoOrder;
}

async function ticketOf(userId: string) {
  const created = await createTicket(db(), {
    userId,
    category: "request",
    subject: "Where is my order?",
    message: "It has not started yet.",
  });
  if (!created.ok) throw new Error(created.message);
  return created.ticket;
}

describe("the account_changed NOTIFY names the customer for every change their dashboard shows", () => {
  it("their balance: a ledger entry (funding the wallet) names them, and no one else", async () => {
    const customer = await createUser();
    const other = await createUser();
    await expectNotified(customer.id, () => fundWallet(customer.id, 500), [other.id]);
  });

  it("their account row: a changed e-mail address names them (no domain function changes it; an admin or script would)", async () => {
    const customer = await createUser();
    const other = await createUser();
    await expectNotified(
      customer.id,
      () =>
        db()
          .update(users)
          .set({ email: `changed-${randomUUID()}@example.test` })
          .where(eq(users.id, customer.id)),
      [other.id],
    );
  });

  it("their role: granting and removing the admin role each name them", async () => {
    const customer = await createUser();
    const other = await createUser();
    await expectNotified(customer.id, async () => expect(await grantAdmin(db(), customer.email)).toBe(true), [
      other.id,
    ]);
    await expectNotified(
      customer.id,
      async () => expect(await revokeAdmin(db(), customer.email)).toBe(true),
      [other.id],
    );
  });

  it("their orders: placing one and an admin changing its status (with its refund) name them", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const other = await createUser({ fundsCents: 1_000 });
    const admin = await createUser({ admin: true });
    const order = await expectNotified(customer.id, () => likesOrder(customer.id), [other.id]);
    await expectNotified(
      customer.id,
      async () =>
        expect(
          await setOrderStatus(db(), { orderId: order.id, status: "cancelled", adminId: admin.id }),
        ).toMatchObject({
          ok: true,
          refundCents: expect.any(Number),
        }),
      [other.id, admin.id],
    );
  });

  it("their auto orders: placing, pausing and cancelling one name them", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const other = await createUser({ fundsCents: 1_000 });
    const placed = await expectNotified(customer.id, () => autoOrder(customer.id), [other.id]);
    const actor = { kind: "customer", userId: customer.id } as const;
    await expectNotified(
      customer.id,
      async () => expect(await pauseAutoOrder(db(), actor, placed.id)).toMatchObject({ ok: true }),
      [other.id],
    );
    await expectNotified(
      customer.id,
      async () => expect(await cancelAutoOrder(db(), actor, placed.id)).toMatchObject({ ok: true }),
      [other.id],
    );
  });

  it("their tickets: opening one, replying in it and support answering it name them (not the admin)", async () => {
    const customer = await createUser();
    const other = await createUser();
    const admin = await createUser({ admin: true });
    const ticket = await expectNotified(customer.id, () => ticketOf(customer.id), [other.id]);
    await expectNotified(
      customer.id,
      async () =>
        expect(
          await answerTicket(db(), {
            adminId: admin.id,
            ticketId: ticket.id,
            status: "in_progress",
            response: "We are looking into it.",
          }),
        ).toMatchObject({ ok: true }),
      [other.id, admin.id],
    );
    await expectNotified(
      customer.id,
      async () =>
        expect(
          await replyToTicket(db(), {
            userId: customer.id,
            ticketId: ticket.id,
            body: "Thanks, still waiting.",
          }),
        ).toMatchObject({ ok: true }),
      [other.id, admin.id],
    );
  });

  it("a ticket's thread on its own: a message added without touching the ticket's row names the ticket's customer", async () => {
    const customer = await createUser();
    const other = await createUser();
    const ticket = await ticketOf(customer.id);
    // answerTicket and replyToTicket also update the ticket's row: this shows the thread's own trigger.
    await expectNotified(
      customer.id,
      () =>
        db()
          .insert(ticketMessages)
          .values({ ticketId: ticket.id, authorRole: "customer", body: "One more thing." }),
      [other.id],
    );
  });
});

describe("a fulfilment names the order's customer only when its cancel state changes", () => {
  let panel: FakePanel;
  let providerId = "";

  beforeAll(async () => {
    // A provider that refuses every cancel ("refused" is what the dashboard then shows for the order).
    panel = await startFakePanel(async (form) => {
      const ids = (form.get("orders") ?? "").split(",");
      if (form.get("action") !== "cancel") return { status: 200, body: { error: "Unexpected request" } };
      return {
        status: 200,
        body: ids.map((id) => ({ order: Number(id), cancel: { error: "Already started" } })),
      };
    });
    const [provider] = await db()
      .insert(providers)
      .values({
        name: `Cache Panel ${randomUUID()}`,
        apiUrl: panel.url,
        apiKeyEncrypted: encryptApiKey("cache-panel-key-0001"),
        apiKeyHint: apiKeyHint("cache-panel-key-0001"),
      })
      .returning();
    providerId = provider!.id;
  });

  afterAll(async () => {
    await panel?.close();
  });

  /** The customer's order and the part of it a provider has (sent, under the provider's order number). */
  async function sentOrder(customerId: string) {
    const order = await likesOrder(customerId);
    // A provider an earlier file of this worker mapped may have queued a part of this order: this test's own row,
    // replaced by the sent part (nothing here touches other tests' rows).
    await db().delete(fulfilments).where(eq(fulfilments.orderId, order.id));
    const [part] = await db()
      .insert(fulfilments)
      .values({
        orderId: order.id,
        providerId,
        providerServiceId: "11",
        link: "https://www.instagram.com/p/AccountCache1/",
        quantity: 100,
        idempotencyKey: `cache-${randomUUID()}`,
        providerOrderId: String(Math.floor(Math.random() * 1_000_000) + 1),
        state: "submitted",
        submittedAt: new Date(),
      })
      .returning();
    return { order, part: part! };
  }

  it("the provider refusing a cancel (sendDueCancels, which leaves the order's row alone) names the customer", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const other = await createUser({ fundsCents: 1_000 });
    const { order, part } = await sentOrder(customer.id);
    // Where cancelOrder leaves it when the provider could not be asked at once: the cancel is due.
    await db().update(orders).set({ cancelRequestedAt: new Date() }).where(eq(orders.id, order.id));
    await db().update(fulfilments).set({ cancelState: "due" }).where(eq(fulfilments.id, part.id));

    await expectNotified(
      customer.id,
      async () => expect(await sendDueCancels(db(), { orderId: order.id })).toBe(1),
      [other.id],
    );
    const [after] = await db().select().from(fulfilments).where(eq(fulfilments.id, part.id));
    expect(after).toMatchObject({ cancelState: "refused" });
    const dashboard = await readDashboard(db(), customer.id);
    expect(dashboard.orders).toMatchObject({
      loaded: true,
      data: [{ id: order.id, cancelState: "refused" }],
    });
  });

  it("a status poll that changes no cancel state does not name the customer (the worker's polls keep the cache)", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const { part } = await sentOrder(customer.id);
    await expectNotNotified(customer.id, () =>
      db()
        .update(fulfilments)
        .set({
          upstreamStatus: "In progress",
          upstreamRemains: 40,
          upstreamStartCount: 1200,
          attempts: sql`${fulfilments.attempts} + 1`,
          nextAttemptAt: sql`now() + interval '5 minutes'`,
          updatedAt: sql`now()`,
        })
        .where(eq(fulfilments.id, part.id)),
    );
    // Nor does writing the cancel state it already has.
    await expectNotNotified(customer.id, () =>
      db().update(fulfilments).set({ cancelState: null }).where(eq(fulfilments.id, part.id)),
    );
  });
});

/**
 * The coverage guard. Whoever makes the dashboard (or the root loader's account) read another table must add a
 * trigger calling notify_account_changed to it (a migration like drizzle/0017_account_changed_notify.sql) and the
 * table here, or the customer's cached page goes stale (docs/decisions/032-account-page-cache.md).
 */
const ACCOUNT_TABLES = [
  "auto_orders",
  "fulfilments",
  "orders",
  "ticket_messages",
  "tickets",
  "transactions",
  "user_roles",
  "users",
];
/** Read by the account's pages but invalidated otherwise. */
const COVERED_ELSEWHERE: Record<string, string> = {
  // The catalogue and the site frame: NOTIFY site_content_changed (drizzle/0014_site_content_notify.sql).
  services: "site_content_changed",
  likes_packs: "site_content_changed",
  settings: "site_content_changed",
  banner_settings: "site_content_changed",
  // Read fresh on every request before the cache answers (server/account-page-cache.ts): never from a kept page.
  sessions: "read on every request",
};

async function tablesWithTrigger(functionName: string): Promise<string[]> {
  const result = await db().execute<{ table: string }>(sql`
    select distinct c.relname as table
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    where p.proname = ${functionName} and not t.tgisinternal
    order by 1`);
  return result.rows.map((row) => row.table);
}

describe("coverage guard", () => {
  it("the tables with a trigger calling notify_account_changed are exactly the account tables, each also on TRUNCATE", async () => {
    expect(await tablesWithTrigger("notify_account_changed")).toEqual(ACCOUNT_TABLES);
    expect(await tablesWithTrigger("notify_every_account_changed")).toEqual(ACCOUNT_TABLES);
  });

  it("each account table notifies on the row changes that can change a page", async () => {
    // pg_trigger.tgtype bits: 4 INSERT, 8 DELETE, 16 UPDATE (a new account has no page yet: users needs no INSERT).
    const result = await db().execute<{
      table: string;
      insert: boolean;
      delete: boolean;
      update: boolean;
    }>(sql`
      select c.relname as table, bool_or(t.tgtype & 4 <> 0) as insert, bool_or(t.tgtype & 8 <> 0) as delete,
        bool_or(t.tgtype & 16 <> 0) as update
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'notify_account_changed' and not t.tgisinternal
      group by c.relname order by 1`);
    const events = Object.fromEntries(
      result.rows.map((row) => [
        row.table,
        [row.insert && "insert", row.update && "update", row.delete && "delete"].filter(Boolean),
      ]),
    );
    const all = ["insert", "update", "delete"];
    expect(events).toEqual({
      auto_orders: all,
      // Only where a cancel state is added, changed or removed (the WHEN clauses): the polls keep the cache.
      fulfilments: all,
      orders: all,
      ticket_messages: all,
      tickets: all,
      transactions: all,
      user_roles: all,
      users: ["update", "delete"],
    });
  });

  it("every table the dashboard and the root loader read is an account table or covered elsewhere", async () => {
    // A customer with something in every section, so every join and sub-select runs (a cancel asked, a part
    // refused, a ticket with a thread on an order, an auto order, transactions, a session).
    const customer = await createUser({ fundsCents: 2_000 });
    const order = await likesOrder(customer.id);
    await db().update(orders).set({ cancelRequestedAt: new Date() }).where(eq(orders.id, order.id));
    await autoOrder(customer.id);
    const created = await createTicket(db(), {
      userId: customer.id,
      category: "order",
      subject: "About my order",
      message: "Please check it.",
      orderId: order.id,
    });
    expect(created.ok).toBe(true);
    const token = `cache-guard-${randomUUID()}`;
    await db()
      .insert(sessions)
      .values({ token, userId: customer.id, expiresAt: new Date(Date.now() + 3_600_000) });

    // pg_stat_xact_user_tables counts the scans not yet flushed to the statistics (this transaction's, and maybe
    // earlier ones of the same connection): what the reads touched is what grew between two looks in one transaction.
    const read = await db().transaction(async (tx) => {
      const scans = async () => {
        const stats = await tx.execute<{ table: string; scans: string }>(sql`
          select relname as table, coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as scans
          from pg_stat_xact_user_tables where schemaname = 'public'`);
        return new Map(stats.rows.map((row) => [row.table, Number(row.scans)]));
      };
      const before = await scans();
      expect(await readSessionAccount(tx, token, SESSION_POLICY)).toMatchObject({ id: customer.id });
      await readSiteFrame(tx);
      const dashboard = await readDashboard(tx, customer.id);
      for (const part of Object.values(dashboard)) expect(part).toMatchObject({ loaded: true });
      const after = await scans();
      return [...after]
        .filter(([table, count]) => count > (before.get(table) ?? 0))
        .map(([table]) => table)
        .sort();
    });
    // The customer above makes every section's query touch its tables (else this guard would prove little).
    expect(read).toEqual(expect.arrayContaining(ACCOUNT_TABLES));
    const uncovered = read.filter(
      (table) => !ACCOUNT_TABLES.includes(table) && !(table in COVERED_ELSEWHERE),
    );
    expect(uncovered, "tables the dashboard reads whose changes notify no one").toEqual([]);
  });
});
