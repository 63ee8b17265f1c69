import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { type OrderMetadata, orders } from "../../db/schema.ts";
import {
  type DeliveryPart,
  deliveryCte,
  deliveryRouteCtes,
  notifyFulfilmentDue,
  orderDeliverySql,
} from "../fulfilment/order-delivery-sql.server.ts";
import { cents } from "../pricing/cents.ts";

/** An order that costs nothing (a free trial): no money moves, so it is stored without the order statement. */
export type FreeOrder = {
  userId: string;
  serviceId: string;
  quantity: number;
  targetLink: string;
  metadata: OrderMetadata;
};

/** Stores a zero-cost order in the caller's transaction; its delivery path follows with routeStoredOrder. */
export async function storeFreeOrder(
  tx: Executor,
  order: FreeOrder,
): Promise<{ id: string; orderNumber: string }> {
  const [stored] = await tx
    .insert(orders)
    .values({ ...order, totalCents: cents(0), deliverySpeed: "normal" })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  if (!stored) throw new Error("The free order was not stored");
  return stored;
}

/**
 * Gives an order stored by its own statement (a free trial, which moves no money) its delivery path, inside
 * the caller's transaction: the same route and submissions as an order stored by the order statement, built
 * from the fulfilment area's pieces (docs/decisions/010-delivery-paths-and-cancel.md).
 */
export async function routeStoredOrder(
  tx: Executor,
  order: { id: string; parts: readonly DeliveryPart[] },
): Promise<"provider" | "manual"> {
  const result = await tx.execute<{ delivery: "provider" | "manual" }>(sql`
    with ${deliveryRouteCtes(order.parts)},
    stored as (select id, target_link from orders where id = ${order.id}),
    ${deliveryCte(sql.raw("stored"))},
    routed as (
      update orders set delivery = ${orderDeliverySql} where id = ${order.id} returning delivery
    )
    select routed.delivery, ${notifyFulfilmentDue} from routed`);
  return result.rows[0]?.delivery ?? "manual";
}
