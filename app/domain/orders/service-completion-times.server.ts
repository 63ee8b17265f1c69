import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";

/** Completed orders a service needs in the window before its median is shown (product rules 4.23). */
export const COMPLETION_TIME_MIN_ORDERS = 5;

/** The window the median reads: the last 30 days of completed orders. */
export const COMPLETION_TIME_WINDOW_DAYS = 30;

/**
 * The median time from placing to completion of each service's orders completed in one go (no runs) over the last
 * 30 days, in seconds, by service id; a service with fewer than 5 such orders is absent, so nothing is made up
 * (product rules 4.23). One statement: an index-only range scan of orders_completed_service_idx per service.
 */
export async function readServiceCompletionTimes(
  db: Executor,
  serviceIds: readonly string[],
): Promise<Map<string, number>> {
  const ids = [...new Set(serviceIds)];
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ service_id: string; median_seconds: number | string }>(
    completionTimesSql(ids),
  );
  return new Map(result.rows.map((row) => [row.service_id, Math.round(Number(row.median_seconds))]));
}

/** One service's median completion time in seconds, or null when it has too few recent orders (rules 4.23). */
export async function readServiceCompletionTime(db: Executor, serviceId: string): Promise<number | null> {
  return (await readServiceCompletionTimes(db, [serviceId])).get(serviceId) ?? null;
}

/** The statement behind readServiceCompletionTimes (its plan is checked by tests/integration/completion-times). */
export function completionTimesSql(serviceIds: readonly string[]): SQL {
  return sql`
    select service_id,
      percentile_cont(0.5) within group (order by extract(epoch from ended_at - created_at)) as median_seconds
    from orders
    where service_id = any(${`{${serviceIds.join(",")}}`}::uuid[])
      and status = 'completed' and runs is null
      and ended_at >= now() - make_interval(days => ${COMPLETION_TIME_WINDOW_DAYS})
    group by service_id
    having count(*) >= ${COMPLETION_TIME_MIN_ORDERS}`;
}
