import { and, count, gte, inArray, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, transactions } from "../../db/schema.ts";
import { type Cents, cents, centsFromSql } from "../pricing/cents.ts";

/** Days the dashboard charts cover, today included. */
export const CHART_DAYS = 30;

export type DailyPoint = {
  /** The UTC day, "2026-11-22". */
  day: string;
  /** Purchases charged that day minus refunds paid that day, from the ledger (may be negative). */
  netSalesCents: Cents;
  /** One-time orders placed that day (auto orders are not counted). */
  orders: number;
};

const DAY_MS = 86_400_000;

/** The first instant of the window: UTC midnight, CHART_DAYS - 1 days before `now`'s day. */
export function chartWindowStart(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (CHART_DAYS - 1) * DAY_MS);
}

/**
 * Net sales, the one definition the dashboard's revenue card and daily chart share: purchases charged minus
 * refunds paid, read from the ledger (purchase rows are negative, refunds positive), so partial and cancelled
 * orders count what was really kept and auto orders count too.
 */
export const NET_SALES_ROWS = inArray(transactions.type, ["purchase", "refund"]);
export const NET_SALES_CENTS = sql<string>`-coalesce(sum(${transactions.amountCents}), 0)`;

const utcDay = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * Net sales and orders per UTC day over the last 30 days, oldest first, one point per day: a day with no
 * sales or orders is there with zeros. Net sales are read from the ledger (purchase rows are negative,
 * refunds positive), so a cancelled order counts on the day it was bought and is taken back on the day it
 * was refunded.
 */
export async function readDailySeries(db: Executor, now: Date = new Date()): Promise<DailyPoint[]> {
  const start = chartWindowStart(now);
  const end = new Date(start.getTime() + CHART_DAYS * DAY_MS);
  const [money, placed] = await Promise.all([
    db
      .select({
        day: utcDay(transactions.createdAt),
        net: NET_SALES_CENTS,
      })
      .from(transactions)
      .where(and(NET_SALES_ROWS, gte(transactions.createdAt, start), lt(transactions.createdAt, end)))
      .groupBy(sql`1`),
    db
      .select({ day: utcDay(orders.createdAt), value: count() })
      .from(orders)
      .where(and(gte(orders.createdAt, start), lt(orders.createdAt, end)))
      .groupBy(sql`1`),
  ]);
  const netByDay = new Map(money.map((row) => [row.day, centsFromSql(row.net)]));
  const ordersByDay = new Map(placed.map((row) => [row.day, Number(row.value)]));
  return Array.from({ length: CHART_DAYS }, (_, index) => {
    const day = new Date(start.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    return { day, netSalesCents: netByDay.get(day) ?? cents(0), orders: ordersByDay.get(day) ?? 0 };
  });
}
