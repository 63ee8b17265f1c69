import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import type { DayWindow } from "./figures-period.ts";

export type FunnelStep = {
  key: "visits" | "sign_ups" | "first_deposits" | "first_orders";
  label: string;
  count: number;
  /** Where the number comes from, shown under the chart. */
  source: string;
};

/**
 * The funnel's first two steps over the window: distinct visitors with a page_view, and distinct sign-ups
 * (sign_up events, by user or else visitor), from the analytics events.
 */
export async function readFunnelVisits(
  db: Executor,
  window: DayWindow,
): Promise<{ visits: number; signUps: number }> {
  const since = window.start.toISOString();
  const until = window.end.toISOString();
  const result = await db.execute<{ visits: string; sign_ups: string }>(sql`
    select
      (select count(distinct visitor_id) from analytics_events
        where name = 'page_view' and visitor_id is not null
          and created_at >= ${since} and created_at < ${until}) as visits,
      (select count(distinct coalesce(user_id::text, visitor_id)) from analytics_events
        where name = 'sign_up' and created_at >= ${since} and created_at < ${until}) as sign_ups`);
  const row = result.rows[0];
  return { visits: Number(row?.visits ?? 0), signUps: Number(row?.sign_ups ?? 0) };
}

/**
 * The conversion funnel: visits and sign-ups (readFunnelVisits), then users whose first completed deposit fell
 * in the period (the deposits table: add_funds is recorded when a checkout starts, not when money arrives) and
 * users whose first paid order, one-time or auto, did (the order tables; place_order cannot tell a first order),
 * both counted by the money figures (read-money-figures.server.ts).
 */
export function funnelSteps(counts: {
  visits: number;
  signUps: number;
  firstDeposits: number;
  firstOrders: number;
}): FunnelStep[] {
  return [
    { key: "visits", label: "Visits", count: counts.visits, source: "distinct visitors with a page view" },
    { key: "sign_ups", label: "Sign-ups", count: counts.signUps, source: "distinct sign_up events" },
    {
      key: "first_deposits",
      label: "First deposits",
      count: counts.firstDeposits,
      source: "users whose first completed deposit was in the period",
    },
    {
      key: "first_orders",
      label: "First orders",
      count: counts.firstOrders,
      source: "users whose first paid order (one-time or auto) was in the period",
    },
  ];
}
