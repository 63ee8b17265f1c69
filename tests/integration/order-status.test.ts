import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog, orders, transactions } from "../../app/db/schema.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

async function paidOrder(userId: string, quantity = 1_000) {
  const result = await placeOrder(db(), {
    userId,
    serviceId: await serviceId("Instagram Likes"),
    quantity,
    targetLink: "https://www.instagram.com/p/Abc123/",
    deliverySpeed: "normal",
  });
  if (!result.ok) throw new Error(result.message);
  return result.order;
}

async function refundsOf(orderId: string): Promise<number> {
  return db().$count(transactions, and(eq(transactions.orderId, orderId), eq(transactions.type, "refund")));
}

describe("order status changes", () => {
  it("cancelling refunds the whole charge once, records the admin, and is final", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const admin = await createUser();
    const order = await paidOrder(customer.id);
    expect(await balanceOf(customer.id)).toBe(600);

    expect(
      await setOrderStatus(db(), { orderId: order.id, status: "cancelled", adminId: admin.id }),
    ).toMatchObject({ ok: true, refundCents: 400 });
    expect(await balanceOf(customer.id)).toBe(1_000);
    const again = await setOrderStatus(db(), { orderId: order.id, status: "completed", adminId: admin.id });
    expect(again).toMatchObject({ ok: false, kind: "conflict", title: "Status is final" });
    expect(
      await setOrderStatus(db(), { orderId: order.id, status: "cancelled", adminId: admin.id }),
    ).toMatchObject({ ok: false, kind: "conflict" });
    expect(await refundsOf(order.id)).toBe(1);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "cancelled", statusChangedByAdminId: admin.id });
    expect(await db().$count(adminAuditLog, eq(adminAuditLog.subjectId, order.id))).toBe(1);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("refunds once when cancelled and failed are set 10 times at once", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const order = await paidOrder(customer.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        setOrderStatus(db(), { orderId: order.id, status: index % 2 ? "failed" : "cancelled" }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await refundsOf(order.id)).toBe(1);
    expect(await balanceOf(customer.id)).toBe(1_000);
  });

  it("partial refunds the undelivered share, rounded down, and requires the remains", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const order = await paidOrder(customer.id, 300); // $1.20
    expect(await setOrderStatus(db(), { orderId: order.id, status: "partial" })).toMatchObject({
      ok: false,
      kind: "invalid",
    });
    expect(await setOrderStatus(db(), { orderId: order.id, status: "partial", remains: 100 })).toMatchObject({
      ok: true,
      refundCents: 40,
    });
    expect(await balanceOf(customer.id)).toBe(1_000 - 120 + 40);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("never refunds more than was charged, whatever remains are reported", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const order = await paidOrder(customer.id, 300);
    expect(
      await setOrderStatus(db(), { orderId: order.id, status: "partial", remains: 5_000 }),
    ).toMatchObject({ ok: true, refundCents: 120 });
    expect(await balanceOf(customer.id)).toBe(1_000);
  });

  it("moves freely between progress statuses without touching money; completed is final", async () => {
    const customer = await createUser({ fundsCents: 1_000 });
    const order = await paidOrder(customer.id);
    for (const status of ["processing", "in_progress", "pending", "completed"] as const) {
      expect(await setOrderStatus(db(), { orderId: order.id, status })).toMatchObject({
        ok: true,
        refundCents: 0,
      });
    }
    // A delivered order is not refunded by a status change (docs/decisions/010).
    for (const status of ["cancelled", "failed", "partial", "pending"] as const) {
      expect(await setOrderStatus(db(), { orderId: order.id, status, remains: 10 })).toMatchObject({
        ok: false,
        kind: "conflict",
        title: "Status is final",
      });
    }
    expect(await balanceOf(customer.id)).toBe(600);
    expect(await setOrderStatus(db(), { orderId: "not-an-id", status: "completed" })).toMatchObject({
      ok: false,
      kind: "not_found",
    });
  });
});
