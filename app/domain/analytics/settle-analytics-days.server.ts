import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { ANALYTICS_EVENT_NAMES } from "../../lib/analytics-events.ts";

const DAY_MS = 86_400_000;

/** The event names as a SQL array: every query below goes through analytics_events_name_created_idx by name. */
const NAMES = sql`array[${sql.join(
  ANALYTICS_EVENT_NAMES.map((name) => sql`${name}`),
  sql`, `,
)}]::text[]`;

export type AnalyticsRetention = {
  /** Whole UTC days of raw events kept before today's (ANALYTICS_RAW_DAYS). */
  rawDays: number;
  batchSize: number;
  /** The most delete statements one call runs; the next round goes on where it stopped. */
  maxBatches: number;
  /** Aborted: stop after the current statement (the worker is stopping). */
  signal?: AbortSignal;
};

/** The first UTC midnight whose events are still kept raw: `rawDays` whole days before today's. */
export function rawEventsSince(now: Date, rawDays: number): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - rawDays * DAY_MS);
}

/**
 * Keeps analytics events raw for `rawDays` days and then only as daily figures (product rules 17.13): for the oldest
 * UTC day past that, writes its figures into analytics_days (per event name: events, distinct visitors, distinct
 * people; once, before any of its events go), then deletes its events in batches of `batchSize`, one short statement
 * each, and goes on with the next day, up to `maxBatches` deletes. Returns the days settled and the events deleted.
 */
export async function settleAnalyticsDays(
  db: Executor,
  retention: AnalyticsRetention,
  now: Date = new Date(),
): Promise<{ days: number; deleted: number }> {
  const since = rawEventsSince(now, retention.rawDays).toISOString();
  let days = 0;
  let deleted = 0;
  let batches = 0;
  let lastDay = Number.NaN;
  const stopped = () => batches >= retention.maxBatches || retention.signal?.aborted === true;
  while (!stopped()) {
    const { rows } = await db.execute<{ oldest: Date | string | null }>(sql`
      select min(first) as oldest from unnest(${NAMES}) as known(name)
      cross join lateral (
        select min(created_at) as first from analytics_events e
        where e.name = known.name and e.created_at < ${since}
      ) by_name`);
    const oldest = rows[0]?.oldest;
    if (!oldest) break;
    const start = new Date(new Date(oldest).toISOString().slice(0, 10));
    // The day this call just went through is still there: another round holds the rest of it.
    if (start.getTime() === lastDay) break;
    lastDay = start.getTime();
    const end = new Date(start.getTime() + DAY_MS);
    const day = sql`${start.toISOString()}::timestamptz`;
    const nextDay = sql`${end.toISOString()}::timestamptz`;
    // The day's figures are written once, from all its events: a day left half deleted keeps its first figures.
    await db.execute(sql`
      insert into analytics_days (day, name, events, visitors, people)
      select ${start.toISOString().slice(0, 10)}::date, name, count(*)::int, count(distinct visitor_id)::int,
        count(distinct coalesce(user_id::text, visitor_id))::int
      from analytics_events
      where name = any(${NAMES}) and created_at >= ${day} and created_at < ${nextDay}
      group by name
      on conflict (day, name) do nothing`);
    days += 1;
    for (;;) {
      if (stopped()) break;
      batches += 1;
      const result = await db.execute(sql`
        delete from analytics_events where ctid = any(array(
          select ctid from analytics_events
          where name = any(${NAMES}) and created_at >= ${day} and created_at < ${nextDay}
          limit ${retention.batchSize}
          for update skip locked))`);
      const count = result.rowCount ?? 0;
      deleted += count;
      if (count < retention.batchSize) break;
    }
  }
  return { days, deleted };
}
