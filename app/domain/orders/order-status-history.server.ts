import { asc, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orderStatusChanges } from "../../db/schema.ts";
import type { OrderStatus } from "./set-order-status.server.ts";

/** One step of an order's status history, oldest first; the first is the order's placing. */
export type StatusHistoryEntry = {
  status: OrderStatus;
  /** ISO timestamp. */
  at: string;
  /** An admin's change (not the provider's, the customer's or the shop's own). */
  byAdmin: boolean;
  /** The first entry: the order was placed (pending) at this time. */
  placed: boolean;
};

/**
 * The status history of each of `orders` (docs/decisions/024): its placing (pending, at `createdAt`), then every
 * change setOrderStatus recorded, oldest first. Reads order_status_changes_order_idx; the caller scopes the
 * orders to their owner.
 */
export async function readOrderStatusHistories(
  db: Executor,
  orders: { id: string; createdAt: Date }[],
): Promise<Map<string, StatusHistoryEntry[]>> {
  const histories = new Map<string, StatusHistoryEntry[]>(
    orders.map((order) => [
      order.id,
      [{ status: "pending", at: order.createdAt.toISOString(), byAdmin: false, placed: true }],
    ]),
  );
  if (orders.length === 0) return histories;
  const rows = await db
    .select({
      orderId: orderStatusChanges.orderId,
      status: orderStatusChanges.status,
      changedAt: orderStatusChanges.changedAt,
      byAdmin: orderStatusChanges.byAdmin,
    })
    .from(orderStatusChanges)
    .where(
      inArray(
        orderStatusChanges.orderId,
        orders.map((order) => order.id),
      ),
    )
    .orderBy(asc(orderStatusChanges.orderId), asc(orderStatusChanges.changedAt), asc(orderStatusChanges.id));
  for (const row of rows)
    histories.get(row.orderId)?.push({
      status: row.status,
      at: row.changedAt.toISOString(),
      byAdmin: row.byAdmin,
      placed: false,
    });
  return histories;
}
