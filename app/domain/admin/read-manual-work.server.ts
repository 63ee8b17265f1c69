import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { autoOrders, fulfilments, orders, providers, services, users } from "../../db/schema.ts";
import { pageWindow } from "../lists/list-paging.ts";
import { type AdminOrderWithMoney, selectOrderRows, toRow } from "../orders/list-orders-for-admin.server.ts";
import { withOrderMoney } from "../orders/order-money.server.ts";
import {
  countOpenManualRefills,
  listOpenManualRefills,
  type ManualRefill,
} from "../refills/manual-refills.server.ts";

/** Manual orders per page of the queue. */
export const MANUAL_WORK_PAGE_SIZE = 50;

/** A submission held for an admin's decision (docs/decisions/008): the provider may or may not have it. */
export type HeldSubmission = {
  fulfilmentId: string;
  providerId: string;
  providerName: string;
  orderId: string | null;
  orderNumber: string | null;
  autoOrderId: string | null;
  postNumber: number | null;
  part: string;
  quantity: number;
  lastError: string | null;
  since: Date;
  /** The provider's service it was sent as: what a resend offers first. */
  providerServiceId: string;
  /** Held (`needs_attention`), or ended failed or cancelled in an order still open (resendable, rules 14.14). */
  state: "needs_attention" | "done";
  outcome: string | null;
  /** When a part that gave up is failed and refunded unless resent (product rules 14.12); null: never by itself. */
  refundDueAt: Date | null;
};

/** A provider a part can be resent to. */
export type ResendProvider = { id: string; name: string };

/** An active auto order whose service no provider delivers: its posts are a person's work. */
export type UnmappedAutoOrder = {
  id: string;
  userId: string;
  customerEmail: string | null;
  serviceName: string;
  targetUsername: string;
  likesPerPost: number;
  remainingPosts: number;
  totalPosts: number;
  createdAt: Date;
};

export type ManualWork = {
  /** One-time orders a person delivers that have not ended, oldest first (a work queue). */
  orders: AdminOrderWithMoney[];
  ordersTotal: number;
  page: number;
  pageCount: number;
  /** Held submissions, then failed or cancelled parts of orders still open (both resendable). */
  held: HeldSubmission[];
  /** The providers a part can be resent to. */
  providers: ResendProvider[];
  /** All held submissions, when there are more than the list shows. */
  heldTotal: number;
  autoOrders: UnmappedAutoOrder[];
  autoOrdersTotal: number;
  /** Refills of orders a person delivered, waiting for a person (product rules 4.7), oldest first. */
  refills: ManualRefill[];
  refillsTotal: number;
  /** Everything above counted: what /admin shows. */
  total: number;
};

// Orders a person delivers that are still open: exactly the predicate of orders_manual_open_idx.
const OPEN_MANUAL: SQL = sql`${orders.delivery} = 'manual' and ${orders.status} in ('pending', 'processing', 'in_progress')`;
const UNMAPPED_ACTIVE: SQL = sql`${autoOrders.status} = 'active' and ${autoOrders.remainingPosts} > 0
  and not exists (select 1 from provider_services ps where ps.service_id = ${autoOrders.serviceId})`;
const HELD = eq(fulfilments.state, "needs_attention");

type ManualWorkCounts = { orders: number; held: number; autoOrders: number; refills: number };

async function countEach(db: Executor): Promise<ManualWorkCounts> {
  const [[manual], [held], [auto], refills] = await Promise.all([
    db.select({ value: count() }).from(orders).where(OPEN_MANUAL),
    db.select({ value: count() }).from(fulfilments).where(HELD),
    db.select({ value: count() }).from(autoOrders).where(UNMAPPED_ACTIVE),
    countOpenManualRefills(db),
  ]);
  return {
    orders: Number(manual?.value ?? 0),
    held: Number(held?.value ?? 0),
    autoOrders: Number(auto?.value ?? 0),
    refills,
  };
}

/**
 * How much only a person can deliver now: open manual orders, held submissions, unmapped auto orders and manual
 * refills.
 */
export async function countManualWork(db: Executor): Promise<number> {
  const counts = await countEach(db);
  return counts.orders + counts.held + counts.autoOrders + counts.refills;
}

/**
 * The "Needs manual work" queue: everything only a person can deliver, until an admin ends it. One-time orders
 * come a page at a time (the open manual orders' partial index, oldest first); held submissions, unmapped
 * auto orders and manual refills are few by nature: the oldest 200 of each are listed, with their full counts.
 */
export async function readManualWork(db: Executor, query: { page?: number } = {}): Promise<ManualWork> {
  const [counts, held, ended, auto, refills, resendTo] = await Promise.all([
    countEach(db),
    readHeldSubmissions(db),
    readEndedOpenParts(db),
    readUnmappedAutoOrders(db),
    listOpenManualRefills(db),
    db.select({ id: providers.id, name: providers.name }).from(providers).orderBy(asc(providers.name)),
  ]);
  const ordersTotal = counts.orders;
  const { page, pageCount, offset } = pageWindow(query.page, ordersTotal, MANUAL_WORK_PAGE_SIZE);
  const rows = await selectOrderRows(db)
    .where(OPEN_MANUAL)
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(MANUAL_WORK_PAGE_SIZE)
    .offset(offset);
  return {
    orders: await withOrderMoney(db, rows.map(toRow)),
    ordersTotal,
    page,
    pageCount,
    held: [...held, ...ended],
    providers: resendTo,
    heldTotal: counts.held,
    autoOrders: auto,
    autoOrdersTotal: counts.autoOrders,
    refills,
    refillsTotal: counts.refills,
    total: ordersTotal + counts.held + counts.autoOrders + counts.refills,
  };
}

const heldColumns = {
  fulfilmentId: fulfilments.id,
  providerId: fulfilments.providerId,
  providerName: providers.name,
  orderId: fulfilments.orderId,
  orderNumber: orders.orderNumber,
  autoOrderId: fulfilments.autoOrderId,
  postNumber: fulfilments.postNumber,
  part: fulfilments.part,
  quantity: fulfilments.quantity,
  lastError: fulfilments.lastError,
  since: fulfilments.updatedAt,
  providerServiceId: fulfilments.providerServiceId,
  state: sql<HeldSubmission["state"]>`${fulfilments.state}`,
  outcome: fulfilments.outcome,
  refundDueAt: fulfilments.refundDueAt,
};

/** How many of the parts that ended unfulfilled most recently are looked at for an order still open. */
const RECENT_UNFULFILLED = 500;

/**
 * Parts that ended failed or cancelled while their order is still open (another part goes on): resendable too
 * (product rules 14.14). Such a part ended while its order's other parts go on, so it is among the most recent to
 * end unfulfilled: the newest RECENT_UNFULFILLED of those (fulfilments_unfulfilled_idx, read backwards) are
 * checked for an open order, a bounded read whatever the history holds; the newest 50 are listed.
 */
async function readEndedOpenParts(db: Executor): Promise<HeldSubmission[]> {
  const recent = db
    .select({ id: fulfilments.id })
    .from(fulfilments)
    .where(sql`${fulfilments.state} = 'done' and ${fulfilments.outcome} in ('failed', 'cancelled')`)
    .orderBy(desc(fulfilments.updatedAt))
    .limit(RECENT_UNFULFILLED);
  return db
    .select(heldColumns)
    .from(fulfilments)
    .innerJoin(orders, eq(orders.id, fulfilments.orderId))
    .innerJoin(providers, eq(providers.id, fulfilments.providerId))
    .where(
      and(inArray(fulfilments.id, recent), sql`${orders.status} in ('pending', 'processing', 'in_progress')`),
    )
    .orderBy(desc(fulfilments.updatedAt))
    .limit(50);
}

async function readHeldSubmissions(db: Executor): Promise<HeldSubmission[]> {
  return db
    .select(heldColumns)
    .from(fulfilments)
    .innerJoin(providers, eq(providers.id, fulfilments.providerId))
    .leftJoin(orders, eq(orders.id, fulfilments.orderId))
    .where(HELD)
    .orderBy(asc(fulfilments.updatedAt))
    .limit(200);
}

async function readUnmappedAutoOrders(db: Executor): Promise<UnmappedAutoOrder[]> {
  return db
    .select({
      id: autoOrders.id,
      userId: autoOrders.userId,
      customerEmail: users.email,
      serviceName: services.name,
      targetUsername: autoOrders.targetUsername,
      likesPerPost: autoOrders.likesPerPost,
      remainingPosts: autoOrders.remainingPosts,
      totalPosts: autoOrders.totalPosts,
      createdAt: autoOrders.createdAt,
    })
    .from(autoOrders)
    .innerJoin(services, eq(services.id, autoOrders.serviceId))
    .leftJoin(users, eq(users.id, autoOrders.userId))
    .where(UNMAPPED_ACTIVE)
    .orderBy(asc(autoOrders.createdAt))
    .limit(200);
}
