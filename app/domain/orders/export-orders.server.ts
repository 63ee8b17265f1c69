import { and, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { likesPacks, orders, services, users } from "../../db/schema.ts";
import { orderProductName } from "../catalog/product-name.ts";
import { cursorSql, oldestFirstBatches } from "../lists/keyset-page.server.ts";
import type { Cents } from "../pricing/cents.ts";
import { type OrderMoney, withOrderMoney } from "./order-money.server.ts";
import type { AdminOrderStatus } from "./order-status-labels.ts";

/** Orders an export reads per statement: one batch is all it holds at a time. */
export const EXPORT_BATCH_SIZE = 1_000;

/** One order as the orders export writes it (product rules 13.36). */
export type ExportedOrder = {
  orderNumber: string;
  createdAt: Date;
  customerEmail: string;
  service: string;
  platform: string;
  quantity: number;
  totalCents: Cents;
  status: AdminOrderStatus;
  delivery: "provider" | "manual";
  money: OrderMoney;
};

/**
 * Every order placed in [start, end), oldest first, in batches of EXPORT_BATCH_SIZE (keyset on orders_created_idx,
 * decisions/030), each with its refunds and its parts' cost read for that batch's orders only.
 */
export async function* exportOrders(
  db: Executor,
  window: { start: Date; end: Date },
  /** The orders list's filters and search (listCondition of ordersList), when the export is of that list. */
  filter?: SQL,
): AsyncGenerator<ExportedOrder[]> {
  const batches = oldestFirstBatches({
    createdAt: orders.createdAt,
    id: orders.id,
    where: and(gte(orders.createdAt, window.start), lt(orders.createdAt, window.end), filter),
    batchSize: EXPORT_BATCH_SIZE,
    rows: (where, orderBy, limit) =>
      db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          createdAt: orders.createdAt,
          customerEmail: users.email,
          serviceName: services.name,
          packName: likesPacks.name,
          platform: services.platform,
          quantity: orders.quantity,
          totalCents: orders.totalCents,
          status: orders.status,
          delivery: orders.delivery,
          cursor: cursorSql(orders.createdAt, orders.id),
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .innerJoin(services, eq(services.id, orders.serviceId))
        .leftJoin(likesPacks, eq(likesPacks.id, orders.likesPackId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
  });
  for await (const rows of batches) {
    const priced = await withOrderMoney(db, rows);
    yield priced.map(({ id: _id, serviceName, packName, ...row }) => ({
      ...row,
      service: orderProductName({ serviceName, packName }),
    }));
  }
}
