import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { autoOrders, services } from "../../db/schema.ts";
import type { Cents } from "../pricing/cents.ts";

export type DashboardAutoOrder = {
  id: string;
  /**
   * Its number, from the order numbers' sequence (docs/decisions/023): the id the API answered when it was placed,
   * so a reseller finds it under the same number on the website.
   */
  number: string;
  serviceName: string;
  platform: string;
  targetUsername: string;
  likesPerPost: number;
  costPerPostCents: Cents;
  totalPosts: number;
  remainingPosts: number;
  status: "active" | "paused" | "completed" | "cancelled";
  createdAt: string;
};

/** The customer's own auto orders, newest first, with the service's name and platform. */
export async function listAutoOrders(
  db: Executor,
  userId: string,
  limit = 50,
): Promise<DashboardAutoOrder[]> {
  const rows = await db
    .select({
      id: autoOrders.id,
      apiId: autoOrders.apiId,
      serviceName: services.name,
      platform: services.platform,
      targetUsername: autoOrders.targetUsername,
      likesPerPost: autoOrders.likesPerPost,
      costPerPostCents: autoOrders.costPerPostCents,
      totalPosts: autoOrders.totalPosts,
      remainingPosts: autoOrders.remainingPosts,
      status: autoOrders.status,
      createdAt: autoOrders.createdAt,
    })
    .from(autoOrders)
    .innerJoin(services, eq(services.id, autoOrders.serviceId))
    .where(eq(autoOrders.userId, userId))
    .orderBy(desc(autoOrders.createdAt), desc(autoOrders.id))
    .limit(limit);
  return rows.map(({ apiId, ...row }) => ({
    ...row,
    number: `ORD-${apiId}`,
    createdAt: row.createdAt.toISOString(),
  }));
}
