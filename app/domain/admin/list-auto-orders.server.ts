import { and, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { autoOrders, services, users } from "../../db/schema.ts";
import {
  ADMIN_AUTO_ORDER_STATUSES,
  type AdminAutoOrderStatus,
} from "../auto-orders/admin-change-messages.ts";
import { containsPattern } from "../lists/list-paging.ts";
import type { Cents } from "../pricing/cents.ts";
import { costOfPosts } from "../pricing/price.ts";
import {
  countByStatus,
  countCapped,
  cursorSql,
  customerEmailMatches,
  type ListPaging,
  type ListPosition,
  readNewestFirstPage,
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

export type AdminAutoOrdersQuery = { status?: AdminAutoOrderStatus; q?: string } & ListPosition;

export type AdminAutoOrdersPage = {
  autoOrders: AdminAutoOrderRow[];
  counts: Record<AdminAutoOrderStatus | "all", number>;
} & ListPaging;

/**
 * An auto order of a customer whose e-mail is or contains `q`, or whose username contains it, each on its own index
 * (docs/decisions/030).
 */
async function searchCondition(db: Executor, q: string): Promise<SQL> {
  return or(
    await customerEmailMatches(db, autoOrders.userId, q),
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
  const search = q ? await searchCondition(db, q) : undefined;
  const where = and(query.status ? eq(autoOrders.status, query.status) : undefined, search);
  const total = search ? await countCapped(db, autoOrders, where) : counts[query.status ?? "all"];
  const { rows, paging } = await readNewestFirstPage(
    db,
    {
      createdAt: autoOrders.createdAt,
      id: autoOrders.id,
      where,
      total,
      pageSize: ADMIN_AUTO_ORDERS_PAGE_SIZE,
      rows: (pageWhere, orderBy, limit) =>
        db
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
            cursor: cursorSql(autoOrders.createdAt, autoOrders.id),
          })
          .from(autoOrders)
          .leftJoin(users, eq(users.id, autoOrders.userId))
          .leftJoin(services, eq(services.id, autoOrders.serviceId))
          .where(pageWhere)
          .orderBy(...orderBy)
          .limit(limit),
    },
    query,
  );
  return {
    autoOrders: rows.map((row) => ({
      ...row,
      totalCents: costOfPosts(row.costPerPostCents, row.totalPosts),
    })),
    counts,
    ...paging,
  };
}
