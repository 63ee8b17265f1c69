import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { autoOrders, services, users } from "../../db/schema.ts";
import type { ListPaging } from "../lists/keyset-page.server.ts";
import {
  type ListDeclaration,
  type ListQuery,
  readList,
  type StatusCounts,
} from "../lists/read-list.server.ts";
import { contains, customerEmail } from "../lists/search-rules.server.ts";
import type { Cents } from "../pricing/cents.ts";
import { costOfPosts } from "../pricing/price.ts";
import { ADMIN_AUTO_ORDER_STATUSES, type AdminAutoOrderStatus } from "./admin-change-messages.ts";

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

export type AdminAutoOrdersQuery = ListQuery<AdminAutoOrderStatus>;

export type AdminAutoOrdersPage = {
  autoOrders: AdminAutoOrderRow[];
  counts: StatusCounts<AdminAutoOrderStatus>;
  /** A search found more than the cap: each count is a lower bound (product rules 14.31). */
  countsAtLeast: boolean;
} & ListPaging;

/**
 * The admin auto orders list: newest first, 50 a page, filtered by status and searched by a customer whose e-mail
 * is or contains the text, or a username containing it (an "@" in front left out), each on its own index
 * (docs/decisions/030).
 */
export const autoOrdersList: ListDeclaration<Omit<AdminAutoOrderRow, "totalCents">, AdminAutoOrderStatus> = {
  createdAt: autoOrders.createdAt,
  id: autoOrders.id,
  pageSize: ADMIN_AUTO_ORDERS_PAGE_SIZE,
  status: { column: autoOrders.status, values: ADMIN_AUTO_ORDER_STATUSES },
  search: [customerEmail(autoOrders.userId), contains(autoOrders.targetUsername, (q) => q.replace(/^@/, ""))],
  rows: (db, cursor) =>
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
        cursor,
      })
      .from(autoOrders)
      .leftJoin(users, eq(users.id, autoOrders.userId))
      .leftJoin(services, eq(services.id, autoOrders.serviceId))
      .$dynamic(),
};

/** One page of the admin auto orders list (autoOrdersList), each with its total. */
export async function readAdminAutoOrdersPage(
  db: Executor,
  query: AdminAutoOrdersQuery = {},
): Promise<AdminAutoOrdersPage> {
  const { rows, ...page } = await readList(db, autoOrdersList, query);
  return {
    ...page,
    autoOrders: rows.map((row) => ({
      ...row,
      totalCents: costOfPosts(row.costPerPostCents, row.totalPosts),
    })),
  };
}
