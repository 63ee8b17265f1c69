import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, services, users } from "../../db/schema.ts";

export type AdminOrderRow = {
  id: string;
  orderNumber: string;
  createdAt: Date;
  userId: string;
  customerEmail: string | null;
  serviceName: string | null;
  platform: string | null;
  quantity: number;
  totalCents: number;
  status: string;
  targetLink: string;
};

/** Every order, newest first, with its customer's e-mail and its service (admin orders page). */
export async function listOrdersForAdmin(
  db: Executor,
  options: { userId?: string; limit?: number } = {},
): Promise<AdminOrderRow[]> {
  const query = db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      createdAt: orders.createdAt,
      userId: orders.userId,
      customerEmail: users.email,
      serviceName: services.name,
      platform: services.platform,
      quantity: orders.quantity,
      totalCents: orders.totalCents,
      status: orders.status,
      targetLink: orders.targetLink,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(services, eq(services.id, orders.serviceId));
  const filtered = options.userId ? query.where(eq(orders.userId, options.userId)) : query;
  return filtered.orderBy(desc(orders.createdAt)).limit(options.limit ?? 200);
}
