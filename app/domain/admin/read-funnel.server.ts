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
 * The funnel's first two steps over the window (product rules 17.13): visitors with a page_view and people who
 * signed up (sign_up events, by user or else visitor), each counted once a day and summed over the window's days.
 * A day still raw is counted from analytics_events, a day past ANALYTICS_RAW_DAYS from its figures in
 * analytics_days, which the retention round wrote from the same events by the same rule: the same numbers either way.
 */
export async function readFunnelVisits(
  db: Executor,
  window: DayWindow,
): Promise<{ visits: number; signUps: number }> {
  const since = window.start.toISOString();
  const until = window.end.toISOString();
  const result = await db.execute<{ visits: string; sign_ups: string }>(sql`
    with raw as (
      select (created_at at time zone 'UTC')::date as day, name,
        count(distinct visitor_id) as visitors, count(distinct coalesce(user_id::text, visitor_id)) as people
      from analytics_events
      where name in ('page_view', 'sign_up') and created_at >= ${since} and created_at < ${until}
      group by 1, 2
    ), figures as (
      select name, visitors, people from analytics_days
      where name in ('page_view', 'sign_up') and day >= ${window.first}::date and day <= ${window.last}::date
      union all
      select name, visitors, people from raw
      where not exists (select 1 from analytics_days kept where kept.day = raw.day and kept.name = raw.name)
    )
    select coalesce(sum(visitors) filter (where name = 'page_view'), 0) as visits,
      coalesce(sum(people) filter (where name = 'sign_up'), 0) as sign_ups
    from figures`);
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
    {
      key: "visits",
      label: "Visits",
      count: counts.visits,
      source: "visitors with a page view, each counted once a day",
    },
    {
      key: "sign_ups",
      label: "Sign-ups",
      count: counts.signUps,
      source: "sign_up events, one per person a day",
    },
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
