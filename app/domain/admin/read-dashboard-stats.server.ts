import { count, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, transactions, users } from "../../db/schema.ts";
import { type Cents, centsFromSql } from "../pricing/cents.ts";
import {
  CHART_DAYS,
  chartWindowStart,
  type DailyPoint,
  NET_SALES_CENTS,
  NET_SALES_ROWS,
  readDailySeries,
} from "./read-daily-chart.server.ts";
import { type FunnelStep, readConversionFunnel } from "./read-funnel.server.ts";
import { countManualWork } from "./read-manual-work.server.ts";

export type DashboardStats = {
  totalUsers: number;
  totalOrders: number;
  /** All-time net sales: purchases charged minus refunds paid, as the daily chart counts them. */
  netSalesCents: Cents;
  pendingOrders: number;
};

/** The admin dashboard's four figures; revenue is the ledger's net sales, the same definition as the chart's. */
export async function readDashboardStats(db: Executor): Promise<DashboardStats> {
  const [[userRow], [orderRow], [revenueRow], [pendingRow]] = await Promise.all([
    db.select({ value: count() }).from(users),
    db.select({ value: count() }).from(orders),
    db.select({ value: NET_SALES_CENTS }).from(transactions).where(NET_SALES_ROWS),
    db.select({ value: count() }).from(orders).where(eq(orders.status, "pending")),
  ]);
  return {
    totalUsers: Number(userRow?.value ?? 0),
    totalOrders: Number(orderRow?.value ?? 0),
    netSalesCents: centsFromSql(revenueRow?.value ?? 0),
    pendingOrders: Number(pendingRow?.value ?? 0),
  };
}

export type AdminDashboard = {
  stats: DashboardStats;
  /** What only a person can deliver now (the "Needs manual work" page). */
  needsManualWork: number;
  /** The last 30 UTC days, oldest first, zeros included. */
  days: DailyPoint[];
  funnel: FunnelStep[];
  periodDays: number;
};

/** Everything the admin dashboard shows: the four figures, the daily series and the funnel of the same 30 days. */
export async function readAdminDashboard(db: Executor, now: Date = new Date()): Promise<AdminDashboard> {
  const since = chartWindowStart(now);
  const [stats, days, funnel, needsManualWork] = await Promise.all([
    readDashboardStats(db),
    readDailySeries(db, now),
    readConversionFunnel(db, { since, until: now }),
    countManualWork(db),
  ]);
  return { stats, needsManualWork, days, funnel, periodDays: CHART_DAYS };
}
