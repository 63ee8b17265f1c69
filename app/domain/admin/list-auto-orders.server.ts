import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { autoOrders, services, users } from "../../db/schema.ts";
import {
  ADMIN_AUTO_ORDER_STATUSES,
  type AdminAutoOrderStatus,
} from "../auto-orders/admin-change-messages.ts";
import type { Cents } from "../pricing/cents.ts";
import { costOfPosts } from "../pricing/price.ts";
import {
  containsPattern,
  countByStatus,
  customerEmailContains,
  pageWindow,
  searchText,
} from "./list-query.server.ts";

/** Rows per page of the admin auto orders list. */
export const ADMIN_AUTO_ORDERS_PAGE_SIZE = 50;

export type AdminAutoOrderRow = {
  id: string;
  createdAt: Date;
  userId: string;
  customerEmail: string | null;
  serviceName: string | null;
  platform: string | null;
  targetUsername: string;
  likesPerPost: number;
  totalPosts: number;
  remainingPosts: number;
  costPerPostCents: Cents;
  totalCents: Cents;
  status: AdminAutoOrderStatus;
};

export type AdminAutoOrdersQuery = { status?: AdminAutoOrderStatus; q?: string; page?: number };

export type AdminAutoOrdersPage = {
  autoOrders: AdminAutoOrderRow[];
  counts: Record<AdminAutoOrderStatus | "all", number>;
  total: number;
  page: number;
  pageCount: number;
};

// Spelled as auto_orders_created_idx and auto_orders_status_created_idx are, so the scan stops at LIMIT.
const NEWEST_FIRST = [sql`${autoOrders.createdAt} desc nulls last`, desc(autoOrders.id)];

/** An auto order of a customer whose e-mail contains `q`, or whose username does. */
function searchCondition(q: string): SQL {
  return or(
    customerEmailContains(autoOrders.userId, q),
    ilike(autoOrders.targetUsername, containsPattern(q.replace(/^@/, ""))),
  ) as SQL;
}

/** One page of the admin auto orders list (newest first, 50 a page), filtered by status and searched. */
export async function readAdminAutoOrdersPage(
  db: Executor,
  query: AdminAutoOrdersQuery = {},
): Promise<AdminAutoOrdersPage> {
  const q = searchText(query.q);
  const counts = await countByStatus(db, autoOrders.status, ADMIN_AUTO_ORDER_STATUSES);
  const search = q ? searchCondition(q) : undefined;
  const where = and(query.status ? eq(autoOrders.status, query.status) : undefined, search);
  const total = search ? await db.$count(autoOrders, where) : counts[query.status ?? "all"];
  const { page, pageCount, offset } = pageWindow(query.page, total, ADMIN_AUTO_ORDERS_PAGE_SIZE);
  const rows = await db
    .select({
      id: autoOrders.id,
      createdAt: autoOrders.createdAt,
      userId: autoOrders.userId,
      customerEmail: users.email,
      serviceName: services.name,
      platform: services.platform,
      targetUsername: autoOrders.targetUsername,
      likesPerPost: autoOrders.likesPerPost,
      totalPosts: autoOrders.totalPosts,
      remainingPosts: autoOrders.remainingPosts,
      costPerPostCents: autoOrders.costPerPostCents,
      status: autoOrders.status,
    })
    .from(autoOrders)
    .leftJoin(users, eq(users.id, autoOrders.userId))
    .leftJoin(services, eq(services.id, autoOrders.serviceId))
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(ADMIN_AUTO_ORDERS_PAGE_SIZE)
    .offset(offset);
  return {
    autoOrders: rows.map((row) => ({
      ...row,
      totalCents: costOfPosts(row.costPerPostCents, row.totalPosts),
    })),
    counts,
    total,
    page,
    pageCount,
  };
}
