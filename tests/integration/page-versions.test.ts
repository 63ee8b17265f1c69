import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { fulfilments, orders, providers, sessions, ticketMessages, users } from "../../app/db/schema.ts";
import { SESSION_POLICY } from "../../app/domain/accounts/auth.server.ts";
import { readSessionAccount } from "../../app/domain/accounts/read-session.server.ts";
import { grantRole, revokeRoles } from "../../app/domain/accounts/roles.server.ts";
import { cancelAutoOrder, pauseAutoOrder } from "../../app/domain/auto-orders/change-auto-order.server.ts";
import { placeAutoOrder } from "../../app/domain/auto-orders/place-auto-order.server.ts";
import { readContentVersion } from "../../app/domain/content/content-version.server.ts";
import { readSiteFrame } from "../../app/domain/content/read-site-frame.server.ts";
import { readDashboard } from "../../app/domain/dashboard/read-dashboard.server.ts";
import { apiKeyHint, encryptApiKey } from "../../app/domain/fulfilment/api-key-cipher.server.ts";
import { sendDueCancels } from "../../app/domain/fulfilment/cancel-upstream.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { answerTicket } from "../../app/domain/tickets/answer-ticket.server.ts";
import { createTicket } from "../../app/domain/tickets/create-ticket.server.ts";
import { replyToTicket } from "../../app/domain/tickets/reply-to-ticket.server.ts";
import { postLedgerEntry } from "../../app/domain/wallet/post-ledger-entry.server.ts";
import { createUser, fundWallet, serviceId } from "../support/factories.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";

/**
 * A kept page's key holds the customer's page version and the shop's content version
 * (docs/decisions/035-versioned-page-caches.md, drizzle/0019_page_versions.sql): every change a customer's dashboard
 * shows must move their version, in the changing transaction, and no one else's. Each test drives one change through
 * the domain function that makes it. The database is this worker's own (tests/support/worker-database.ts), shared
 * with the files that run before and after this one: nothing here truncates or deletes other rows.
 */

async function pageVersionOf(userId: string): Promise<string> {
  const [row] = await db().select({ version: users.pageVersion }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return String(row.version);
}

/**
 * Runs `action` and checks that it moved the page version of `userId` and of none of `others` (another customer's
 * kept dashboard stays). Returns the action's result.
 */
async function expectBumped<T>(userId: string, action: () => Promise<T>, others: string[] = []): Promise<T> {
  const before = await pageVersionOf(userId);
  const othersBefore = await Promise.all(others.map(pageVersionOf));
  const result = await action();
  expect(await pageVersionOf(userId), "the customer's page version").not.toBe(before);
  expect(await Promise.all(others.map(pageVersionOf)), "another customer's page version").toEqual(
    othersBefore,
  );
  return result;
}

/** Runs `action` and checks that it left the page version of `userId` alone (their kept dashboard stays). */
async function expectNotBumped(userId: string, action: () => Promise<unknown>): Promise<void> {
  const before = await pageVersionOf(userId);
  await action();
  expect(await pageVersionOf(userId)).toBe(before);
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

describe("a customer's page version moves with every change their dashboard shows", () => {
  it("their balance: a ledger entry (funding the wallet) moves it, and no one else's", async () => {
    const customer = await createUser();
    const other = await createUser();
    await expectBumped(customer.id, () => fundWallet(customer.id, 500), [other.id]);
  });

  it("their account row: a changed e-mail address moves it (no domain function changes it; an admin or script would)", async () => {
    const customer = await createUser();
    const other = await createUser();
    await expectBumped(
      customer.id,
      () =>
        db()
          .update(users)
          .set({ email: `changed-${randomUUID()}@example.test` })
          .where(eq(users.id, customer.id)),
      [other.id],
    );
  });

  it("their role: granting and removing the admin role each move it", async () => {
    const customer = await createUser();
    const other = await createUser();
    await expectBumped(customer.id, async () => expect(await grantRole(db(), customer.email)).toBe(true), [
      other.id,
    ]);
    await expectBumped(customer.id, async () => expect(await revokeRoles(db(), customer.email)).toBe(true), [
      other.id,
    ]);
  });

  it("their orders: placing one and an admin changing its status (with its refund) move it", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const other = await createUser({ fundsCents: 1_000 });
    const admin = await createUser({ admin: true });
    const order = await expectBumped(customer.id, () => likesOrder(customer.id), [other.id]);
    await expectBumped(
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

  it("their auto orders: placing, pausing and cancelling one move it", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const other = await createUser({ fundsCents: 1_000 });
    const placed = await expectBumped(customer.id, () => autoOrder(customer.id), [other.id]);
    const actor = { kind: "customer", userId: customer.id } as const;
    await expectBumped(
      customer.id,
      async () => expect(await pauseAutoOrder(db(), actor, placed.id)).toMatchObject({ ok: true }),
      [other.id],
    );
    await expectBumped(
      customer.id,
      async () => expect(await cancelAutoOrder(db(), actor, placed.id)).toMatchObject({ ok: true }),
      [other.id],
    );
  });

  it("their tickets: opening one, replying in it and support answering it move it (not the admin's)", async () => {
    const customer = await createUser();
    const other = await createUser();
    const admin = await createUser({ admin: true });
    const ticket = await expectBumped(customer.id, () => ticketOf(customer.id), [other.id]);
    await expectBumped(
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
    await expectBumped(
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

  it("a ticket's thread on its own: a message added without touching the ticket's row moves the ticket's customer's", async () => {
    const customer = await createUser();
    const other = await createUser();
    const ticket = await ticketOf(customer.id);
    // answerTicket and replyToTicket also update the ticket's row: this shows the thread's own trigger.
    await expectBumped(
      customer.id,
      () =>
        db()
          .insert(ticketMessages)
          .values({ ticketId: ticket.id, authorRole: "customer", body: "One more thing." }),
      [other.id],
    );
  });
});

describe("a fulfilment moves the order's customer's page version only when its cancel state changes", () => {
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

  it("the provider refusing a cancel (sendDueCancels, which leaves the order's row alone) moves it", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const other = await createUser({ fundsCents: 1_000 });
    const { order, part } = await sentOrder(customer.id);
    // Where cancelOrder leaves it when the provider could not be asked at once: the cancel is due.
    await db().update(orders).set({ cancelRequestedAt: new Date() }).where(eq(orders.id, order.id));
    await db().update(fulfilments).set({ cancelState: "due" }).where(eq(fulfilments.id, part.id));

    await expectBumped(
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

  it("a status poll that changes no cancel state leaves it (the worker's polls keep the kept page)", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const { part } = await sentOrder(customer.id);
    await expectNotBumped(customer.id, () =>
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
    await expectNotBumped(customer.id, () =>
      db().update(fulfilments).set({ cancelState: null }).where(eq(fulfilments.id, part.id)),
    );
  });
});

describe("the versions move when their change commits, never before", () => {
  it("a reader sees a customer's old version while the change is open, and the new one once it commits", async () => {
    const customer = await createUser();
    const before = await pageVersionOf(customer.id);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let changed: () => void = () => {};
    const inside = new Promise<void>((resolve) => {
      changed = resolve;
    });
    const writing = db().transaction(async (tx) => {
      await postLedgerEntry(tx, { userId: customer.id, type: "deposit", amountCents: cents(700) });
      changed();
      await held;
    });
    await inside;
    // Another connection, as the session query of another request: the change is not there yet, nor its version.
    expect(await pageVersionOf(customer.id)).toBe(before);
    release();
    await writing;
    expect(await pageVersionOf(customer.id)).not.toBe(before);
  });

  it("a transaction that changes many things moves a customer's version once, to a value never used before", async () => {
    const customer = await createUser({ fundsCents: 2_000 });
    const seen = new Set([await pageVersionOf(customer.id)]);
    for (let round = 0; round < 3; round++) {
      await db().transaction(async (tx) => {
        await postLedgerEntry(tx, { userId: customer.id, type: "deposit", amountCents: cents(100) });
        await createTicket(tx, {
          userId: customer.id,
          category: "request",
          subject: `Round ${round}`,
          message: "Two changes, one transaction.",
        });
      });
      const version = await pageVersionOf(customer.id);
      expect(seen.has(version), `version ${version} came back`).toBe(false);
      seen.add(version);
    }
  });

  it("every change to the catalogue, packs, settings, banner or blog moves the content version", async () => {
    const changes: Record<string, () => Promise<unknown>> = {
      services: () =>
        db().execute(
          sql`update services set updated_at = now() where id = (select id from services limit 1)`,
        ),
      likes_packs: () =>
        db().execute(sql`update likes_packs set price_cents = price_cents where code = 'small'`),
      settings: () =>
        db().execute(sql`insert into settings (key, value) values ('pageVersionTest', '1'::jsonb)
          on conflict (key) do update set value = excluded.value`),
      banner_settings: () => db().execute(sql`update banner_settings set updated_at = now()`),
      blog_posts: () => db().execute(sql`update blog_posts set updated_at = now() where false`),
      platforms: () => db().execute(sql`update platforms set updated_at = now() where slug = 'other'`),
      service_categories: () => db().execute(sql`delete from service_categories where false`),
    };
    for (const [table, change] of Object.entries(changes)) {
      const before = await readContentVersion(db());
      await change();
      expect(await readContentVersion(db()), `a change to ${table}`).not.toBe(before);
    }
  });
});

/**
 * The coverage guard. Whoever makes the dashboard (or the root loader's account) read another table must give it a
 * trigger calling bump_account_page_version (a migration like drizzle/0019_page_versions.sql) and list the table
 * here, or the customer's kept page goes stale (docs/decisions/035-versioned-page-caches.md).
 */
const ACCOUNT_TABLES = [
  "auto_orders",
  "fulfilments",
  "orders",
  "ticket_messages",
  "tickets",
  "transactions",
  "user_roles",
];
/** Read by the account's pages but versioned otherwise. */
const COVERED_ELSEWHERE: Record<string, string> = {
  // The account's own row: any change to it moves its version (its BEFORE UPDATE trigger).
  users: "users_page_version",
  // The catalogue and the site frame: the content version, part of every kept page's key.
  services: "site_content_version",
  likes_packs: "site_content_version",
  settings: "site_content_version",
  banner_settings: "site_content_version",
  platforms: "site_content_version",
  service_categories: "site_content_version",
  // The gateways' switches: the footer's badges and the wallet's choice (drizzle/0045).
  payment_gateways: "site_content_version",
  site_content_version: "read with the session",
  // Read fresh on every request before the cache answers (server/account-page-cache.ts): never from a kept page.
  sessions: "read on every request",
  // Read with the session on every request too: a suspended account has no session, so no kept page is served.
  account_suspensions: "read on every request",
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
  it("the tables with a trigger moving a customer's page version are exactly the account tables and their own row", async () => {
    expect(await tablesWithTrigger("bump_account_page_version")).toEqual(ACCOUNT_TABLES);
    expect(await tablesWithTrigger("bump_own_page_version")).toEqual(["users"]);
  });

  it("a TRUNCATE of an account table, or of any content table, moves the content version (it names no row)", async () => {
    const truncated = await db().execute<{ table: string }>(sql`
      select distinct c.relname as table
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'bump_site_content_version' and not t.tgisinternal and t.tgtype & 32 <> 0
      order by 1`);
    expect(truncated.rows.map((row) => row.table)).toEqual(
      [
        ...ACCOUNT_TABLES,
        "users",
        "services",
        "likes_packs",
        "settings",
        "banner_settings",
        "blog_posts",
        "platforms",
        "service_categories",
        // A service's mapping decides its cancel terms on its pages (docs/decisions/046).
        "provider_services",
        // The gateways that are on decide the footer's badges and the wallet's choice (product rules 16.35).
        "payment_gateways",
      ].sort(),
    );
  });

  it("each account table moves the version on the row changes that can change a page", async () => {
    // pg_trigger.tgtype bits: 4 INSERT, 8 DELETE, 16 UPDATE.
    const result = await db().execute<{
      table: string;
      insert: boolean;
      delete: boolean;
      update: boolean;
    }>(sql`
      select c.relname as table, bool_or(t.tgtype & 4 <> 0) as insert, bool_or(t.tgtype & 8 <> 0) as delete,
        bool_or(t.tgtype & 16 <> 0) as update
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname in ('bump_account_page_version', 'bump_own_page_version') and not t.tgisinternal
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
      // Only where a cancel state is added, changed or removed (the WHEN clauses): the polls keep the page.
      fulfilments: all,
      orders: all,
      ticket_messages: all,
      tickets: all,
      transactions: all,
      user_roles: all,
      // A new account has no page yet, and a deleted one no session.
      users: ["update"],
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
    expect(uncovered, "tables the dashboard reads whose changes move no version").toEqual([]);
  });
});
