import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { type AdminOrderPart, readOrderPartsForAdmin } from "../fulfilment/order-parts-for-admin.server.ts";
import { isUuid } from "../ids.ts";
import type { Cents } from "../pricing/cents.ts";
import type { DeliverySpeed } from "./delivery-speeds.ts";
import { type AdminOrderWithMoney, selectOrderRows, toRow } from "./list-orders-for-admin.server.ts";
import { withOrderMoney } from "./order-money.server.ts";
import { orderDeliveryLine } from "./order-progress.ts";
import { readOrderStatusHistories, type StatusHistoryEntry } from "./order-status-history.server.ts";
import { goodwillLeftCents } from "./refund-goodwill.server.ts";

/** An order's admin page (product rules 14.1-14.9): the row of the lists, its parts, history and what is left. */
export type AdminOrderPage = {
  order: AdminOrderWithMoney & { startCount: number | null };
  parts: AdminOrderPart[];
  history: StatusHistoryEntry[];
  /** How it is delivered: its speed's pace, its drip-feed, or at once (product rules 4.22). */
  delivery: string;
  /** What a goodwill refund may still give back (product rules 14.7). */
  goodwillLeftCents: Cents;
};

/** One order for its admin page; null when there is none. */
export async function readOrderForAdmin(db: Executor, orderId: string): Promise<AdminOrderPage | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await selectOrderRows(db, {
    startCount: sql<number | null>`${orders.startCount}`,
    deliverySpeed: sql<DeliverySpeed>`${orders.deliverySpeed}`,
    paced: sql<boolean>`${orders.paced}`,
  }).where(eq(orders.id, orderId));
  if (!row) return null;
  const { startCount, deliverySpeed, paced, ...columns } = row;
  const [withMoney] = await withOrderMoney(db, [toRow(columns)]);
  if (!withMoney) return null;
  const [parts, histories, left] = await Promise.all([
    readOrderPartsForAdmin(db, orderId),
    readOrderStatusHistories(db, [{ id: row.id, createdAt: row.createdAt }]),
    goodwillLeftCents(db, { id: row.id, totalCents: row.totalCents }),
  ]);
  return {
    order: { ...withMoney, startCount },
    parts,
    history: histories.get(row.id) ?? [],
    delivery: orderDeliveryLine({ ...row, deliverySpeed, paced }),
    goodwillLeftCents: left,
  };
}
