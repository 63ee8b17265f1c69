import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { likesPacks, type OrderLine, orders, services, users } from "../../db/schema.ts";
import { orderProductName } from "../catalog/product-name.ts";
import {
  type OrderCancelState,
  orderCancelStateSql,
  orderWithProviderSql,
} from "../fulfilment/order-delivery-state-sql.server.ts";
import { type PartTrouble, readPartTroubles } from "../fulfilment/part-troubles.server.ts";
import { providerOrderIdIs } from "../fulfilment/provider-order-search.server.ts";
import type { ListPaging } from "../lists/keyset-page.server.ts";
import {
  countByStatus,
  type ListDeclaration,
  type ListQuery,
  readList,
  type StatusCounts,
} from "../lists/read-list.server.ts";
import { customerEmail, numberIs } from "../lists/search-rules.server.ts";
import type { Cents } from "../pricing/cents.ts";
import { orderLines } from "./order-lines.ts";
import { adminOrderLinkRule } from "./order-link-search.server.ts";
import { type OrderMoney, withOrderMoney } from "./order-money.server.ts";
import { ADMIN_ORDER_STATUSES, type AdminOrderStatus } from "./order-status-labels.ts";

/** Characters of a custom comments order's comments the admin lists show. */
const ADMIN_COMMENTS_PREVIEW_CHARS = 2_000;

/** Rows per page of the admin orders list. */
export const ADMIN_ORDERS_PAGE_SIZE = 50;

export type AdminOrderRow = {
  id: string;
  orderNumber: string;
  createdAt: Date;
  userId: string;
  customerEmail: string | null;
  serviceName: string | null;
  platform: string | null;
  quantity: number;
  totalCents: Cents;
  status: AdminOrderStatus;
  remains: number | null;
  targetLink: string;
  /** The per-service breakdown of metadata.services (likes packs with extras); empty for single services. */
  lines: OrderLine[];
  /** Who delivers it: providers (its parts) or a person. */
  delivery: "provider" | "manual";
  /** The provider that has a part of it now, if any: its status then follows that provider's. */
  withProvider: string | null;
  cancelState: OrderCancelState;
  /** A drip-feed order's runs and minutes between them (docs/decisions/021); null for one delivery. */
  runs: number | null;
  intervalMinutes: number | null;
  /** The start of a custom comments order's comments (one per line), for the admin to read; null otherwise. */
  comments: string | null;
};

/** An admin list's order with its money, and why its submission waits, if it does (product rules 14.11). */
export type AdminOrderWithMoney = AdminOrderRow & { money: OrderMoney; trouble?: PartTrouble | null };

/** A page of order rows with their money and their parts' troubles (read for these orders only). */
export async function withOrderDetails(db: Executor, rows: AdminOrderRow[]): Promise<AdminOrderWithMoney[]> {
  const [withMoney, troubles] = await Promise.all([
    withOrderMoney(db, rows),
    readPartTroubles(
      db,
      rows.filter((row) => row.delivery === "provider").map((row) => row.id),
    ),
  ]);
  return withMoney.map((row) => ({ ...row, trouble: troubles.get(row.id) ?? null }));
}

export type AdminOrdersQuery = ListQuery<AdminOrderStatus>;

export type AdminOrdersPage = {
  orders: AdminOrderWithMoney[];
  /** Orders per stored status, each capped at LIST_COUNT_CAP + 1; `all` is their (capped) sum. */
  counts: StatusCounts<AdminOrderStatus>;
  /** A search found more than the cap: each count is a lower bound (product rules 14.31). */
  countsAtLeast: boolean;
} & ListPaging;

/**
 * Newest first, spelled exactly as orders_created_idx, orders_status_created_idx and
 * orders_user_created_idx are ("created_at" DESC
 * NULLS LAST; a bare DESC means NULLS FIRST and would not match them), with the id breaking ties of orders
 * stored in one transaction (an incremental sort over the index order, so the scan still stops at LIMIT).
 */
const NEWEST_FIRST = [sql`${orders.createdAt} desc nulls last`, desc(orders.id)];

const rowColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  userId: orders.userId,
  customerEmail: users.email,
  serviceName: services.name,
  // A pack order is named by its pack (product rules 3.7), not the likes service it is delivered as.
  packName: sql<
    string | null
  >`(select ${likesPacks.name} from ${likesPacks} where ${likesPacks.id} = ${orders.likesPackId})`,
  platform: services.platform,
  quantity: orders.quantity,
  totalCents: orders.totalCents,
  status: orders.status,
  remains: orders.remains,
  targetLink: orders.targetLink,
  // Only the breakdown, not the whole metadata document.
  lines: sql<unknown>`${orders.metadata} -> 'services'`,
  delivery: orders.delivery,
  runs: orders.runs,
  intervalMinutes: orders.intervalMinutes,
  // The first lines are enough to deliver by hand or check what was sent; an order may carry thousands.
  comments: sql<string | null>`left(${orders.comments}, ${ADMIN_COMMENTS_PREVIEW_CHARS})`,
  withProvider: orderWithProviderSql(orders.id),
  cancelState: orderCancelStateSql({
    orderId: orders.id,
    cancelRequestedAt: orders.cancelRequestedAt,
    status: orders.status,
  }),
};

/**
 * The admin lists' order rows (with customer and service, and any `extra` column) to filter, sort and page; read
 * them with toRow.
 */
export function selectOrderRows<E extends Record<string, SQL>>(db: Executor, extra: E = {} as E) {
  return db
    .select({ ...rowColumns, ...extra })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(services, eq(services.id, orders.serviceId))
    .$dynamic();
}

/**
 * The admin orders list: newest first, 50 a page, filtered by status (orders_status_created_idx, else
 * orders_created_idx; both stop after LIMIT rows) and searched by the exact order number
 * (orders_order_number_unique), a customer whose e-mail is or contains the text (docs/decisions/030), a link
 * containing it as the customer's own search reads it, or a part's provider order id (product rules 14.30).
 */
export const ordersList: ListDeclaration<RowColumns, AdminOrderStatus> = {
  createdAt: orders.createdAt,
  id: orders.id,
  pageSize: ADMIN_ORDERS_PAGE_SIZE,
  status: { column: orders.status, values: ADMIN_ORDER_STATUSES },
  search: [
    numberIs(orders.orderNumber, "ORD"),
    customerEmail(orders.userId),
    adminOrderLinkRule,
    providerOrderIdIs(orders.id),
  ],
  rows: (db, cursor) => selectOrderRows(db, { cursor }),
};

type RowColumns = Omit<AdminOrderRow, "lines"> & { lines: unknown; packName: string | null };

export function toRow({ packName, ...row }: RowColumns): AdminOrderRow {
  const serviceName =
    row.serviceName === null ? null : orderProductName({ serviceName: row.serviceName, packName });
  return { ...row, serviceName, lines: orderLines(row.lines) };
}

/** Orders per status, each counted up to the cap (index-only scans of orders_status_created_idx). */
export function countOrdersByStatus(db: Executor): Promise<AdminOrdersPage["counts"]> {
  return countByStatus(db, orders.status, ADMIN_ORDER_STATUSES);
}

/** One page of the admin orders list with the per-status counts (ordersList). */
export async function readAdminOrdersPage(
  db: Executor,
  query: AdminOrdersQuery = {},
): Promise<AdminOrdersPage> {
  const { rows, ...page } = await readList(db, ordersList, query);
  return { ...page, orders: await withOrderDetails(db, rows.map(toRow)) };
}

/** One customer's orders, newest first (admin user detail; orders_user_created_idx). */
export async function listUserOrdersForAdmin(
  db: Executor,
  userId: string,
  limit = 200,
): Promise<AdminOrderWithMoney[]> {
  const rows = await selectOrderRows(db)
    .where(eq(orders.userId, userId))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return withOrderDetails(db, rows.map(toRow));
}
