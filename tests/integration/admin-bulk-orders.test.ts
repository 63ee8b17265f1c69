import "../support/worker-database.ts";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog, orders, transactions } from "../../app/db/schema.ts";
import { cancelOrder } from "../../app/domain/orders/cancel-order.server.ts";
import {
  changeOrdersInBulk,
  previewBulkOrderChange,
} from "../../app/domain/orders/change-orders-in-bulk.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, serviceId } from "../support/factories.ts";
import { ledger } from "../support/money-rows.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

/** Orders a person delivers, each charged its total through the ledger, in the statuses given. */
async function chargedOrders(
  userId: string,
  rows: { totalCents: number; status: typeof orders.$inferInsert.status }[],
) {
  const service = await serviceId("Instagram Likes");
  const made = [];
  for (const [index, row] of rows.entries()) {
    const [order] = await db()
      .insert(orders)
      .values({
        userId,
        serviceId: service,
        quantity: 100,
        targetLink: `https://www.instagram.com/p/Bulk${index}/`,
        totalCents: cents(row.totalCents),
        status: row.status,
        delivery: "manual",
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, index)),
      })
      .returning();
    await ledger(userId, {
      type: "purchase",
      amountCents: -row.totalCents,
      at: new Date(),
      orderId: order!.id,
    });
    made.push(order!);
  }
  return made;
}

async function refundsOf(orderId: string) {
  return db()
    .select({ amountCents: transactions.amountCents })
    .from(transactions)
    .where(and(eq(transactions.orderId, orderId), eq(transactions.type, "refund")));
}

describe("bulk changes of orders (product rules 14.32, 14.33)", () => {
  it("previews a cancel in words, then cancels each order with its exact refund and reports the refused", async () => {
    const admin = await createUser({ admin: true });
    const customer = await createUser({ fundsCents: 10_000 });
    const [a, b, done, c] = await chargedOrders(customer.id, [
      { totalCents: 300, status: "pending" },
      { totalCents: 700, status: "in_progress" },
      { totalCents: 250, status: "completed" },
      { totalCents: 1_100, status: "processing" },
    ]);
    const ids = [a!.id, b!.id, done!.id, c!.id];
    expect(await balanceOf(customer.id)).toBe(10_000 - 2_350);

    const preview = await previewBulkOrderChange(db(), { ids, action: "cancelled" });
    expect(preview.question).toBe("Cancel 3 orders? $21.00 will be refunded to the customers' wallets.");
    expect(preview.details).toEqual([`${done!.orderNumber} will not change (already completed).`]);
    expect(preview.refundCents).toBe(2_100);
    // A preview changes nothing.
    expect(await balanceOf(customer.id)).toBe(10_000 - 2_350);

    const result = await changeOrdersInBulk(db(), { adminId: admin.id, ids, action: "cancelled" });
    expect(result.refundCents).toBe(2_100);
    expect(result.notice.message).toBe(
      `3 orders cancelled, 1 refused: ${done!.orderNumber} (already completed). $21.00 refunded.`,
    );
    expect(await balanceOf(customer.id)).toBe(10_000 - 250);
    for (const [order, refund] of [
      [a!, 300],
      [b!, 700],
      [c!, 1_100],
    ] as const)
      expect(await refundsOf(order.id)).toEqual([{ amountCents: refund }]);
    expect(await refundsOf(done!.id)).toEqual([]);
    const audited = await db().select().from(adminAuditLog).where(eq(adminAuditLog.adminId, admin.id));
    expect(audited.map((row) => row.subjectId).sort()).toEqual([a!.id, b!.id, c!.id].sort());
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("sets a status with the refund it implies, and leaves an order already in it alone", async () => {
    const admin = await createUser({ admin: true });
    const customer = await createUser({ fundsCents: 5_000 });
    const [a, b, failed] = await chargedOrders(customer.id, [
      { totalCents: 400, status: "pending" },
      { totalCents: 600, status: "processing" },
      { totalCents: 200, status: "failed" },
    ]);
    const ids = [a!.id, b!.id, failed!.id];
    const preview = await previewBulkOrderChange(db(), { ids, action: "failed" });
    expect(preview.question).toBe(
      "Mark as Failed 2 orders? $10.00 will be refunded to the customers' wallets.",
    );
    const result = await changeOrdersInBulk(db(), { adminId: admin.id, ids, action: "failed" });
    expect(result.notice.message).toBe(
      `2 orders set to Failed, 1 refused: ${failed!.orderNumber} (already failed). $10.00 refunded.`,
    );
    const completed = await changeOrdersInBulk(db(), {
      adminId: admin.id,
      ids: [a!.id],
      action: "completed",
    });
    expect(completed.outcomes).toEqual([
      { label: a!.orderNumber, result: "refused", reason: "already failed" },
    ]);
    expect(await balanceOf(customer.id)).toBe(5_000 - 1_200 + 1_000);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("refunds once when a bulk cancel races a single cancel of the same orders", async () => {
    const admin = await createUser({ admin: true });
    const customer = await createUser({ fundsCents: 10_000 });
    const made = await chargedOrders(
      customer.id,
      Array.from({ length: 6 }, () => ({ totalCents: 500, status: "pending" as const })),
    );
    const ids = made.map((order) => order.id);
    const [bulk] = await Promise.all([
      changeOrdersInBulk(db(), { adminId: admin.id, ids, action: "cancelled" }),
      ...ids.map((orderId) => cancelOrder(db(), { orderId, by: { adminId: admin.id } })),
    ]);
    for (const id of ids) expect(await refundsOf(id)).toEqual([{ amountCents: 500 }]);
    expect(await balanceOf(customer.id)).toBe(10_000);
    const done = bulk.outcomes.filter((outcome) => outcome.result === "done").length;
    const refused = bulk.outcomes.filter((outcome) => outcome.result === "refused");
    expect(done + refused.length).toBe(6);
    for (const outcome of refused) expect(outcome).toMatchObject({ reason: "already cancelled" });
    expect(bulk.refundCents).toBe(done * 500);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });
});
