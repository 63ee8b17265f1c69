import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { likesPacks, orders, services } from "../../db/schema.ts";
import { ORDER_MAIL_WORDS, type OrderMailStatus, orderStatusMail } from "../mail/notification-templates.ts";
import { shopUrl } from "../mail/shop-url.server.ts";
import { queueNotification } from "../notifications/queue-notification.server.ts";
import type { Cents } from "../pricing/cents.ts";
import { orderDeliveryLine } from "./order-progress.ts";

function isMailedStatus(status: string): status is OrderMailStatus {
  return status in ORDER_MAIL_WORDS;
}

/**
 * Tells the customer their order reached a final status (completed, partial, cancelled or failed) and what was
 * refunded, unless they switched order updates off (product rules 6.6). Called by setOrderStatus inside its
 * transaction, once per real change, so a change that rolls back mails nothing and a repeated one mails once.
 */
export async function queueOrderStatusMail(
  db: Executor,
  change: { orderId: string; status: string; refundCents: Cents },
): Promise<void> {
  const status = change.status;
  if (!isMailedStatus(status)) return;
  const [order] = await db
    .select({
      userId: orders.userId,
      orderNumber: orders.orderNumber,
      quantity: orders.quantity,
      targetLink: orders.targetLink,
      remains: orders.remains,
      deliverySpeed: orders.deliverySpeed,
      runs: orders.runs,
      intervalMinutes: orders.intervalMinutes,
      paced: orders.paced,
      serviceName: services.name,
      packName: likesPacks.name,
    })
    .from(orders)
    .innerJoin(services, eq(services.id, orders.serviceId))
    .leftJoin(likesPacks, eq(likesPacks.id, orders.likesPackId))
    .where(eq(orders.id, change.orderId));
  if (!order) return;
  await queueNotification(db, {
    userId: order.userId,
    kind: "orderUpdates",
    compose: (recipient) =>
      orderStatusMail(recipient, {
        orderNumber: order.orderNumber,
        serviceName: order.packName ?? order.serviceName,
        quantity: order.quantity,
        targetLink: order.targetLink,
        status,
        refundCents: change.refundCents,
        remains: order.remains,
        delivery: orderDeliveryLine(order),
        ordersUrl: shopUrl(`/orders?q=${encodeURIComponent(order.orderNumber)}`),
      }),
  });
}
