import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { refillEndedMail } from "../mail/notification-templates.ts";
import { shopUrl } from "../mail/shop-url.server.ts";
import { queueNotification } from "../notifications/queue-notification.server.ts";

/**
 * Tells the customer their refill ended, completed or rejected with the reason, unless they switched refill results
 * off (product rules 6.6). Called where a refill ends, inside that transaction under the refill's row lock, so an
 * ended refill is mailed once.
 */
export async function queueRefillEndedMail(
  db: Executor,
  refill: { orderId: string; userId: string; status: "completed" | "rejected"; reason: string | null },
): Promise<void> {
  const [order] = await db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, refill.orderId));
  if (!order) return;
  await queueNotification(db, {
    userId: refill.userId,
    kind: "refillUpdates",
    compose: (recipient) =>
      refillEndedMail(recipient, {
        orderNumber: order.orderNumber,
        status: refill.status,
        reason: refill.reason,
        ordersUrl: shopUrl(`/orders?q=${encodeURIComponent(order.orderNumber)}`),
      }),
  });
}
