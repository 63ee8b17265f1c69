import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog, orders, services, transactions } from "../../app/db/schema.ts";
import { ORDER_TEXT } from "../../app/domain/orders/messages.ts";
import { placeManualOrder } from "../../app/domain/orders/place-manual-order.server.ts";
import { placeMassOrder } from "../../app/domain/orders/place-mass-order.server.ts";
import { placeOrder, type SimpleOrderInput } from "../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { claimFreeTrial } from "../../app/domain/trials/claim-free-trial.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

/**
 * A second order on a link while an order on the same service and link has not ended is refused with the panels'
 * words, by the database whatever path placed it (product rules 4.27, docs/decisions/049). The API's answer is in
 * tests/integration/http/api-clients.test.ts; the order forms' in tests/integration/http/order-forms.test.ts.
 */

beforeEach(resetDatabase);

const POST = "https://www.instagram.com/p/DupLink1/";
const DUPLICATE = ORDER_TEXT.activeOrderWithLink.message;

async function likesOrder(
  userId: string,
  overrides: Partial<SimpleOrderInput> = {},
): Promise<SimpleOrderInput> {
  return {
    userId,
    serviceId: await serviceId("Instagram Likes"),
    quantity: 150,
    targetLink: POST,
    deliverySpeed: "normal",
    ...overrides,
  };
}

async function purchases(userId: string): Promise<number> {
  return db().$count(transactions, and(eq(transactions.userId, userId), eq(transactions.type, "purchase")));
}

describe("a second order on a link with an active order", () => {
  it("is refused with the panels' text beside the link, charging nothing; the same link as written differently too", async () => {
    expect(DUPLICATE).toBe("You have active order with this link. Please wait until order being completed.");
    const user = await createUser({ fundsCents: 1_000 });
    expect(await placeOrder(db(), await likesOrder(user.id))).toMatchObject({ ok: true });
    for (const link of [POST, "https://instagram.com/p/DupLink1?utm_source=ig_web_copy_link"]) {
      const second = await placeOrder(db(), await likesOrder(user.id, { targetLink: link }));
      expect(second).toMatchObject({
        ok: false,
        kind: "conflict",
        field: "targetLink",
        message: DUPLICATE,
      });
    }
    expect(await balanceOf(user.id)).toBe(1_000 - 60);
    expect(await purchases(user.id)).toBe(1);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("leaves another service, another link and another customer free, and a finished order blocks nothing", async () => {
    const user = await createUser({ fundsCents: 10_000 });
    const first = await placeOrder(db(), await likesOrder(user.id));
    expect(first).toMatchObject({ ok: true });
    const views = await placeOrder(
      db(),
      await likesOrder(user.id, { serviceId: await serviceId("Instagram Views"), quantity: 500 }),
    );
    expect(views).toMatchObject({ ok: true });
    const other = await placeOrder(
      db(),
      await likesOrder(user.id, { targetLink: "https://www.instagram.com/p/DupLink2/" }),
    );
    expect(other).toMatchObject({ ok: true });
    const stranger = await createUser({ fundsCents: 1_000 });
    expect(await placeOrder(db(), await likesOrder(stranger.id))).toMatchObject({ ok: true });
    // Each final status ends the wait: the link takes a new order.
    for (const status of ["completed", "partial", "cancelled", "failed"] as const) {
      if (!first.ok) return;
      const [row] = await db()
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.userId, user.id),
            eq(orders.serviceId, await serviceId("Instagram Likes")),
            eq(orders.targetLink, POST),
            eq(orders.status, "pending"),
          ),
        );
      const ended = await setOrderStatus(db(), {
        orderId: row!.id,
        status,
        ...(status === "partial" ? { remains: 10 } : {}),
      });
      expect(ended.ok).toBe(true);
      expect(await placeOrder(db(), await likesOrder(user.id))).toMatchObject({ ok: true });
    }
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("still answers a repeated idempotency key with its first order", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const first = await placeOrder(db(), await likesOrder(user.id, { idempotencyKey: "dup-key" }));
    const again = await placeOrder(db(), await likesOrder(user.id, { idempotencyKey: "dup-key" }));
    expect(first).toMatchObject({ ok: true, replayed: false });
    expect(again).toMatchObject({ ok: true, replayed: true });
    if (first.ok && again.ok) expect(again.order.id).toBe(first.order.id);
    expect(await balanceOf(user.id)).toBe(1_000 - 60);
  });

  it("lets exactly one of many simultaneous orders through, charged once", async () => {
    const user = await createUser({ fundsCents: 10_000 });
    const input = await likesOrder(user.id);
    const results = await Promise.all(Array.from({ length: 8 }, () => placeOrder(db(), input)));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const refused of results.filter((result) => !result.ok))
      expect(refused).toMatchObject({ kind: "conflict", message: DUPLICATE });
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(1);
    expect(await purchases(user.id)).toBe(1);
    expect(await balanceOf(user.id)).toBe(10_000 - 60);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("in a mass order, places the first line of a link and service and refuses the second in the same words", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const paste = [
      `${await serviceApiId("Instagram Likes")} | ${POST} | 150`,
      `${await serviceApiId("Instagram Likes")} | ${POST} | 200`,
    ].join("\n");
    const placed = await placeMassOrder(db(), {
      userId: user.id,
      batchId: "dup-batch",
      paste,
      expectedTotalCents: cents(60 + 80),
    });
    expect(placed).toMatchObject({ ok: true, placed: 1, refused: 1, chargedCents: 60 });
    if (!placed.ok) return;
    expect(placed.lines[1]).toMatchObject({ ok: false, line: 2, message: DUPLICATE });
    expect(await balanceOf(user.id)).toBe(1_000 - 60);
  });

  it("refuses an admin's manual order on the link the same way, inside the admin's transaction, recording nothing", async () => {
    const admin = await createUser({ admin: true });
    const user = await createUser({ fundsCents: 1_000 });
    expect(await placeOrder(db(), await likesOrder(user.id))).toMatchObject({ ok: true });
    const manual = await placeManualOrder(db(), {
      adminId: admin.id,
      userId: user.id,
      serviceId: await serviceId("Instagram Likes"),
      quantity: 150,
      target: POST,
      deliverySpeed: "fast",
      idempotencyKey: "manual-dup",
      adminNotes: "",
    });
    expect(manual).toMatchObject({ ok: false, kind: "conflict", message: DUPLICATE });
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(1);
    expect(await db().$count(adminAuditLog)).toBe(0);
    expect(await balanceOf(user.id)).toBe(1_000 - 60);
  });

  it("refuses a free trial on a link whose paid order on that service is active, in the same words", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    expect(await placeOrder(db(), await likesOrder(user.id))).toMatchObject({ ok: true });
    // The likes trial is Instagram Likes on the same post.
    const trial = await claimFreeTrial(db(), { userId: user.id, trial: "likes", targetLink: POST });
    expect(trial).toMatchObject({ ok: false, kind: "conflict", field: "targetLink", message: DUPLICATE });
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(1);
  });
});

async function serviceApiId(name: string): Promise<number> {
  const id = await serviceId(name);
  const [row] = await db().select({ apiId: services.apiId }).from(services).where(eq(services.id, id));
  return row!.apiId;
}

describe("the database's check of an active order on the link", () => {
  it("reads the active orders through their index however small the table was when its plan was made", async () => {
    const user = await createUser();
    const service = await serviceId("Instagram Likes");
    // An empty table, analysed: a plan made now would read the whole table, and each connection keeps its plan.
    await db().execute(sql`truncate orders cascade`);
    await db().execute(sql`analyze orders`);
    const seqRead = await db().transaction(async (tx) => {
      const read = async () =>
        Number(
          (
            await tx.execute<{ rows: string }>(sql`
              select coalesce(seq_tup_read, 0) as rows from pg_stat_xact_user_tables where relname = 'orders'`)
          ).rows[0]?.rows ?? 0,
        );
      const before = await read();
      // 2,000 active orders in one statement: each insert checks for an active order on its link.
      await tx.execute(sql`
        insert into orders (user_id, service_id, quantity, target_link, total_cents, status)
        select ${user.id}, ${service}, 100, 'https://www.instagram.com/p/Planned' || i || '/', 40, 'pending'
        from generate_series(1, 2000) as i`);
      return (await read()) - before;
    });
    // Without its index each check would read the orders inserted before it: about 2 million rows in all.
    expect(seqRead).toBe(0);
  });
});
