import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";

export type FunnelStep = {
  key: "visits" | "sign_ups" | "first_deposits" | "first_orders";
  label: string;
  count: number;
  /** Where the number comes from, shown under the chart. */
  source: string;
};

/**
 * The conversion funnel over [since, until): distinct visitors with a page_view, distinct sign-ups (sign_up
 * events, by user or else visitor), users whose first completed deposit fell in the window (the deposits
 * table: add_funds is recorded when a checkout starts, not when money arrives) and users whose first paid
 * order, one-time or auto, fell in the window (the order tables; place_order cannot tell a first order).
 */
export async function readConversionFunnel(
  db: Executor,
  window: { since: Date; until: Date },
): Promise<FunnelStep[]> {
  const since = window.since.toISOString();
  const until = window.until.toISOString();
  const result = await db.execute<{
    visits: string;
    sign_ups: string;
    first_deposits: string;
    first_orders: string;
  }>(sql`
    select
      (select count(distinct visitor_id) from analytics_events
        where name = 'page_view' and visitor_id is not null
          and created_at >= ${since} and created_at < ${until}) as visits,
      (select count(distinct coalesce(user_id::text, visitor_id)) from analytics_events
        where name = 'sign_up' and created_at >= ${since} and created_at < ${until}) as sign_ups,
      (select count(*) from (
        select min(completed_at) as first_at from deposits
        where status = 'completed' and completed_at is not null group by user_id
      ) firsts where first_at >= ${since} and first_at < ${until}) as first_deposits,
      (select count(*) from (
        select user_id, min(created_at) as first_at from (
          select user_id, created_at from orders where total_cents > 0
          union all
          select user_id, created_at from auto_orders
        ) placed group by user_id
      ) firsts where first_at >= ${since} and first_at < ${until}) as first_orders
  `);
  const row = result.rows[0];
  const value = (key: keyof NonNullable<typeof row>) => Number(row?.[key] ?? 0);
  return [
    { key: "visits", label: "Visits", count: value("visits"), source: "distinct visitors with a page view" },
    { key: "sign_ups", label: "Sign-ups", count: value("sign_ups"), source: "distinct sign_up events" },
    {
      key: "first_deposits",
      label: "First deposits",
      count: value("first_deposits"),
      source: "users whose first completed deposit was in the period",
    },
    {
      key: "first_orders",
      label: "First orders",
      count: value("first_orders"),
      source: "users whose first paid order (one-time or auto) was in the period",
    },
  ];
}
