import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders } from "../../db/schema.ts";
import { readUpstreamCancels } from "../fulfilment/cancel-upstream.server.ts";
import type { OrderCancelState } from "../fulfilment/order-delivery-state-sql.server.ts";
import { readRunParts } from "../fulfilment/read-run-parts.server.ts";
import { readUpstreamStartCounts } from "../fulfilment/upstream-start-counts.server.ts";
import { pageWindow } from "../lists/list-paging.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { latestRefillsOfOrders } from "../refills/read-refills.server.ts";
import {
  REFILL_CODES,
  REFILL_TEXT,
  REFILLABLE_ORDER_STATUSES,
  refillRefusalOf,
} from "../refills/refill-rules.ts";
import { isOpenRefill, type RefillStatus } from "../refills/refill-status.ts";
import { readOrderRefunds } from "../wallet/order-refunds.server.ts";
import { customerCancelOffer } from "./cancel-rules.ts";
import { countCustomerOrders, readCustomerOrderRows } from "./customer-order-rows.server.ts";
import { estimatedFinish } from "./estimated-finish.ts";
import {
  CUSTOMER_ORDERS_PAGE_SIZE,
  CUSTOMER_ORDERS_SEARCH_MAX_LENGTH,
  type CustomerOrdersQuery,
} from "./list-customer-orders-query.ts";
import { type OrderPart, orderParts } from "./order-lines.ts";
import { orderLinkContains } from "./order-link-search.server.ts";
import { type OrderRunsProgress, orderDeliveryLine, orderRunsProgress } from "./order-progress.ts";
import { orderRemains } from "./order-remains.ts";
import { readOrderStatusHistories, type StatusHistoryEntry } from "./order-status-history.server.ts";
import { readServiceCompletionTimes } from "./service-completion-times.server.ts";
import { FINAL_STATUSES, type OrderStatus } from "./set-order-status.server.ts";

/** One of the customer's orders as /orders shows it. */
export type CustomerOrder = {
  id: string;
  orderNumber: string;
  /** ISO timestamp of placing it. */
  createdAt: string;
  serviceId: string;
  serviceName: string;
  platform: string;
  /** A likes pack order's pack (its name and code), else null. */
  pack: { name: string; code: string } | null;
  /** What an order of several lines bought (a pack's add-ons), each named and charged; empty otherwise. */
  parts: OrderPart[];
  /** Whether the service can still be ordered (the Reorder link). */
  serviceEnabled: boolean;
  quantity: number;
  targetLink: string;
  status: OrderStatus;
  /** The provider's start count when one reported it, else null. */
  startCount: number | null;
  remains: number;
  chargeCents: Cents;
  refundedCents: Cents;
  /** A drip-feed order's runs and minutes between them (docs/decisions/021); null for one delivery or a pace. */
  dripFeed: { runs: number; intervalMinutes: number } | null;
  /** How it is delivered: its speed's pace, its drip-feed, or at once (product rules 4.20). */
  delivery: string;
  /** A drip-feed or paced order's runs, delivered of all, and each run's units left (product rules 4.21). */
  runs: OrderRunsProgress | null;
  /** ISO time a running order should be finished by, when there is a basis (product rules 4.24); else null. */
  estimatedFinish: string | null;
  cancelState: OrderCancelState;
  /** The Cancel button: the cancel rules allow it now (product rules 4.4, 4.16). */
  canCancel: boolean;
  /** What the Cancel does, as its dialog says before the click (4.17); null when it is not offered. */
  cancelKind: "stops_now" | "asks_provider" | null;
  /** Why a running order has no Cancel, in a short line (4.16); null when there is nothing to say. */
  cancelNote: string | null;
  /** The order's latest refill, if it ever had one. */
  refill: { status: RefillStatus; error: string | null; requestedAt: string } | null;
  /** The Refill button: a refill may be asked now (product rules 4.7). */
  canRefill: boolean;
  /** Why an ended order has no Refill (no refill on its service, or its window has passed), else null (4.19). */
  refillNote: string | null;
  history: StatusHistoryEntry[];
};

export type CustomerOrdersPage = {
  orders: CustomerOrder[];
  /** Orders matching the search and filter. */
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** "ORD-100017", "ord-100017" or "100017" as the stored order number, else null. */
function orderNumberFrom(q: string): string | null {
  const match = /^(?:ord-?)?(\d{1,12})$/i.exec(q);
  return match ? `ORD-${Number(match[1])}` : null;
}

/** The search: the exact order number, or a link containing `q` (any case, orderLinkContains). */
function searchCondition(q: string): SQL {
  const number = orderNumberFrom(q);
  return or(number ? eq(orders.orderNumber, number) : undefined, orderLinkContains(q)) ?? sql`false`;
}

/**
 * One page of a customer's own one-time orders, newest first, 10 a page (?page=N), searched by order number or
 * link and filtered by status, with what each card shows: start count, remains, charge and refunds (the ledger),
 * the latest refill, the status history, and whether Cancel and Refill are offered now. Only `userId`'s orders
 * are read (product rules 1.5), through the query the dashboard's recent orders share (readCustomerOrderRows).
 */
export async function listCustomerOrders(
  db: Executor,
  userId: string,
  query: CustomerOrdersQuery = {},
): Promise<CustomerOrdersPage> {
  const q = query.q?.trim().slice(0, CUSTOMER_ORDERS_SEARCH_MAX_LENGTH) ?? "";
  const filter = and(
    query.status ? eq(orders.status, query.status) : undefined,
    q ? searchCondition(q) : undefined,
  );
  const total = await countCustomerOrders(db, userId, filter);
  const { page, pageCount, offset } = pageWindow(query.page, total, CUSTOMER_ORDERS_PAGE_SIZE);
  const rows = await readCustomerOrderRows(db, userId, {
    filter,
    limit: CUSTOMER_ORDERS_PAGE_SIZE,
    offset,
  });

  const orderIds = rows.map((row) => row.id);
  const running = rows.filter((row) => !FINAL_STATUSES.includes(row.status));
  const [refunds, startCounts, refills, histories, upstreamCancels, runParts, completionTimes] =
    await Promise.all([
      readOrderRefunds(db, orderIds),
      readUpstreamStartCounts(db, orderIds),
      latestRefillsOfOrders(db, { userId, orderIds }),
      readOrderStatusHistories(db, rows),
      readUpstreamCancels(db, orderIds),
      readRunParts(
        db,
        rows.filter((row) => row.runs !== null).map((row) => row.id),
      ),
      readServiceCompletionTimes(
        db,
        running.map((row) => row.serviceId),
      ),
    ]);
  const now = new Date();
  const list = rows.map((row): CustomerOrder => {
    const refill = refills.get(row.id) ?? null;
    // Orders that ended before ended_at existed were backfilled from updated_at (as requestRefill reads them).
    const endedAt = row.endedAt ?? (FINAL_STATUSES.includes(row.status) ? row.updatedAt : null);
    const refillRefused = refillRefusalOf({
      orderStatus: row.status,
      refillDays: row.refillDays,
      endedAt,
      hasOpenRefill: refill !== null && isOpenRefill(refill.status),
      now,
    });
    const cancel = customerCancelOffer({
      status: row.status,
      delivery: row.delivery,
      cancelRequestedAt: row.cancelRequestedAt,
      placedAt: row.createdAt,
      now,
      upstream: upstreamCancels.get(row.id) ?? "not_sent",
    });
    return {
      id: row.id,
      orderNumber: row.orderNumber,
      createdAt: row.createdAt.toISOString(),
      serviceId: row.serviceId,
      serviceName: row.serviceName,
      platform: row.platform,
      pack:
        row.packName !== null && row.packCode !== null ? { name: row.packName, code: row.packCode } : null,
      parts: orderParts(row.metadata),
      serviceEnabled: row.serviceEnabled,
      quantity: row.quantity,
      targetLink: row.targetLink,
      status: row.status,
      // An admin's corrected start count stands over the provider's (product rules 14.5).
      startCount: row.startCount ?? startCounts.get(row.id) ?? null,
      remains: orderRemains(row),
      chargeCents: row.totalCents,
      refundedCents: refunds.get(row.id) ?? cents(0),
      dripFeed:
        row.runs !== null && row.intervalMinutes !== null && !row.paced
          ? { runs: row.runs, intervalMinutes: row.intervalMinutes }
          : null,
      delivery: orderDeliveryLine(row),
      runs: orderRunsProgress({ ...row, remains: orderRemains(row) }, runParts.get(row.id) ?? []),
      estimatedFinish: estimatedFinish(row, completionTimes.get(row.serviceId) ?? null, now),
      cancelState: row.cancelState,
      canCancel: cancel.kind !== "none",
      cancelKind: cancel.kind === "none" ? null : cancel.kind,
      cancelNote: cancel.kind === "none" ? cancel.reason : null,
      refill: refill
        ? { status: refill.status, error: refill.error, requestedAt: refill.requestedAt.toISOString() }
        : null,
      canRefill: refillRefused === null,
      refillNote: refillNoteOf(row.status, refillRefused),
      history: histories.get(row.id) ?? [],
    };
  });
  return { orders: list, total, page, pageCount, pageSize: CUSTOMER_ORDERS_PAGE_SIZE };
}

/** The line an ended order shows when it cannot be refilled for a reason of its service or its age (4.19). */
function refillNoteOf(status: OrderStatus, refused: ReturnType<typeof refillRefusalOf>): string | null {
  if (!refused || !(REFILLABLE_ORDER_STATUSES as readonly string[]).includes(status)) return null;
  if (refused.code === REFILL_CODES.notAvailable) return REFILL_TEXT.noRefillNote;
  return refused.code === REFILL_CODES.windowPassed ? refused.message : null;
}
