import { count, eq, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, users } from "../../db/schema.ts";

export type DashboardStats = {
  totalUsers: number;
  totalOrders: number;
  revenueCents: number;
  pendingOrders: number;
};

/** The admin dashboard's four figures; revenue leaves out cancelled and failed orders. */
export async function readDashboardStats(db: Executor): Promise<DashboardStats> {
  const [[userRow], [orderRow], [revenueRow], [pendingRow]] = await Promise.all([
    db.select({ value: count() }).from(users),
    db.select({ value: count() }).from(orders),
    db
      .select({ value: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint` })
      .from(orders)
      .where(notInArray(orders.status, ["cancelled", "failed"])),
    db.select({ value: count() }).from(orders).where(eq(orders.status, "pending")),
  ]);
  return {
    totalUsers: Number(userRow?.value ?? 0),
    totalOrders: Number(orderRow?.value ?? 0),
    revenueCents: Number(revenueRow?.value ?? 0),
    pendingOrders: Number(pendingRow?.value ?? 0),
  };
}
