import { count, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { orders, users } from "../../db/schema.ts";
import { type Cents, cents } from "../pricing/cents.ts";
import { DEFAULT_FIGURE_PERIOD, type FigurePeriod, lastDays } from "./figures-period.ts";
import { type FunnelStep, funnelSteps, readFunnelVisits } from "./read-funnel.server.ts";
import { countManualWork } from "./read-manual-work.server.ts";
import { type MoneyReport, readDashboardMoney } from "./read-money-figures.server.ts";

export type DashboardStats = {
  totalUsers: number;
  totalOrders: number;
  /** All-time net sales: purchases charged minus refunds paid, as the daily chart counts them. */
  netSalesCents: Cents;
  pendingOrders: number;
};

export type DailyPoint = {
  /** The UTC day, "2026-11-22". */
  day: string;
  /** Purchases charged that day minus refunds paid that day, from the ledger (may be negative). */
  netSalesCents: Cents;
  /** One-time orders placed that day (auto orders are not counted). */
  orders: number;
};

export type AdminDashboard = {
  stats: DashboardStats;
  /** What only a person can deliver now (the "Needs manual work" page). */
  needsManualWork: number;
  /** The period's UTC days, oldest first, zeros included. */
  days: DailyPoint[];
  funnel: FunnelStep[];
  /** The period's money: by day, in all, by service and by provider (product rules 13.33, 13.34). */
  money: MoneyReport;
  periodDays: FigurePeriod;
  /** The period's first and last days ("2026-11-22"), for its exports. */
  period: { first: string; last: string };
};

/**
 * Everything the admin dashboard shows for the last `periodDays` UTC days up to `now`: the four figures, the
 * money figures, the daily charts and the funnel of the same days.
 */
export async function readAdminDashboard(
  db: Database,
  now: Date = new Date(),
  periodDays: FigurePeriod = DEFAULT_FIGURE_PERIOD,
): Promise<AdminDashboard> {
  const window = lastDays(periodDays, now);
  const [[userRow], [pendingRow], { report: money, allTime }, visits, needsManualWork] = await Promise.all([
    db.select({ value: count() }).from(users),
    db.select({ value: count() }).from(orders).where(eq(orders.status, "pending")),
    readDashboardMoney(db, window, now),
    readFunnelVisits(db, window),
    countManualWork(db),
  ]);
  return {
    // Orders and revenue come from the money figures (one-time orders placed; the ledger's purchases less
    // refunds), the same definitions as the charts'.
    stats: {
      totalUsers: Number(userRow?.value ?? 0),
      totalOrders: allTime.orders,
      netSalesCents: cents(allTime.salesCents - allTime.refundsCents),
      pendingOrders: Number(pendingRow?.value ?? 0),
    },
    needsManualWork,
    days: money.days.map((day) => ({
      day: day.day,
      netSalesCents: cents(day.salesCents - day.refundsCents),
      orders: day.orders,
    })),
    funnel: funnelSteps({ ...visits, ...money.totals }),
    money,
    periodDays,
    period: { first: window.first, last: window.last },
  };
}
