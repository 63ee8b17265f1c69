import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { likesPacks, orders, services } from "../../db/schema.ts";
import { orderCancelStateSql } from "../fulfilment/order-delivery-state-sql.server.ts";

/**
 * The rows of a customer's own one-time orders (product rules 1.5: only `userId`'s) with their service and pack,
 * newest first: the one query behind the dashboard's recent orders and the /orders list. It walks
 * orders_user_created_idx backwards (`created_at desc, id desc`, its order exactly) and stops after the page.
 * `filter` narrows it further (a status, a search).
 */
export function readCustomerOrderRows(
  db: Executor,
  userId: string,
  page: { filter?: SQL; limit: number; offset?: number },
) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      endedAt: orders.endedAt,
      serviceId: orders.serviceId,
      serviceName: services.name,
      platform: services.platform,
      serviceEnabled: services.enabled,
      refillDays: services.refillDays,
      packName: likesPacks.name,
      packCode: likesPacks.code,
      quantity: orders.quantity,
      targetLink: orders.targetLink,
      totalCents: orders.totalCents,
      status: orders.status,
      remains: orders.remains,
      startCount: orders.startCount,
      delivery: orders.delivery,
      cancelRequestedAt: orders.cancelRequestedAt,
      runs: orders.runs,
      intervalMinutes: orders.intervalMinutes,
      paced: orders.paced,
      deliverySpeed: orders.deliverySpeed,
      metadata: orders.metadata,
      cancelState: orderCancelStateSql({
        orderId: orders.id,
        cancelRequestedAt: orders.cancelRequestedAt,
        status: orders.status,
      }),
    })
    .from(orders)
    .innerJoin(services, eq(services.id, orders.serviceId))
    .leftJoin(likesPacks, eq(likesPacks.id, orders.likesPackId))
    .where(customerOrdersWhere(userId, page.filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

/** One row of readCustomerOrderRows. */
export type CustomerOrderRow = Awaited<ReturnType<typeof readCustomerOrderRows>>[number];

/** How many of the customer's own orders `filter` keeps (the /orders list's total). */
export function countCustomerOrders(db: Executor, userId: string, filter?: SQL): Promise<number> {
  return db.$count(orders, customerOrdersWhere(userId, filter));
}

function customerOrdersWhere(userId: string, filter: SQL | undefined): SQL | undefined {
  return and(eq(orders.userId, userId), filter);
}
