import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { type OrderLine, orders } from "../../db/schema.ts";
import { orderProductName } from "../catalog/product-name.ts";
import type { OrderCancelState } from "../fulfilment/order-delivery-state-sql.server.ts";
import { type CustomerOrderRow, readCustomerOrderRows } from "../orders/customer-order-rows.server.ts";
import { type Cents, isCents } from "../pricing/cents.ts";

export type DashboardOrder = {
  id: string;
  orderNumber: string | null;
  serviceName: string;
  platform: string;
  quantity: number;
  totalCents: Cents;
  status: CustomerOrderRow["status"];
  createdAt: string;
  lines: OrderLine[];
  /** A cancel the customer asked for that is waiting for the provider, or that it refused. */
  cancelState: OrderCancelState;
};

/** The per-line breakdown kept in metadata.services, when it is there and well-formed. */
function readLines(metadata: Record<string, unknown>): OrderLine[] {
  const lines = metadata.services;
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((line: unknown) => {
    if (typeof line !== "object" || line === null) return [];
    const { service_type, quantity, total_cents } = line as Record<string, unknown>;
    if (typeof service_type !== "string" || typeof quantity !== "number" || !isCents(total_cents)) return [];
    return [{ service_type, quantity, total_cents }];
  });
}

/** The customer's newest one-time orders (their own only) with the service's name and platform. */
export async function listRecentOrders(db: Executor, userId: string, limit = 10): Promise<DashboardOrder[]> {
  const rows = await readCustomerOrderRows(db, userId, { limit: Math.min(Math.max(limit, 1), 100) });
  return rows.map((row) => ({
    id: row.id,
    // One name per product (product rules 3.7): a pack order is named by its pack.
    serviceName: orderProductName({ serviceName: row.serviceName, packName: row.packName }),
    platform: row.platform,
    quantity: row.quantity,
    totalCents: row.totalCents,
    status: row.status,
    orderNumber: row.orderNumber || null,
    createdAt: row.createdAt.toISOString(),
    lines: readLines(row.metadata),
    cancelState: row.cancelState,
  }));
}

export type OrderChoice = { id: string; orderNumber: string; createdAt: string };

/** The customer's orders for the ticket form's order picker, newest first. */
export async function listOrderChoices(db: Executor, userId: string, limit = 100): Promise<OrderChoice[]> {
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
