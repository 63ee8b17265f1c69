import { sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import {
  GRAIN_COLUMNS,
  grainSql,
  MONEY_STREAMS,
  type MoneyStream,
  type TimeRange,
} from "./money-grain-sql.server.ts";

/**
 * Settling the money figures (docs/decisions/041): the hours that can no longer change are summed into
 * money_days once, so the dashboard reads a few rows per day whatever the shop's size.
 */

export const HOUR_MS = 3_600_000;

/**
 * An hour's ledger rows are final this long after it ends: every transaction that wrote one has committed by
 * then (they take milliseconds; a row's time is its transaction's start).
 */
export const SETTLE_AFTER_MS = HOUR_MS;

/** Hours one statement settles at most (a week): a shop's first round catches up batch by batch. */
const HOURS_PER_BATCH = 168;

/** Batches one round runs at most per kind of figure (two years of hours); the next round goes on. */
const BATCHES_PER_ROUND = 104;

/** The start of the hour of an instant. */
export function hourStart(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS);
}

/** Where the hours that are final at `now` end (excluded). */
export function finalHoursEnd(now: Date): Date {
  return hourStart(new Date(now.getTime() - SETTLE_AFTER_MS));
}

/** Consecutive hours joined into ranges, oldest first. */
export function hourRanges(hours: readonly Date[]): TimeRange[] {
  const ranges: TimeRange[] = [];
  for (const hour of [...hours].sort((a, b) => a.getTime() - b.getTime())) {
    const last = ranges.at(-1);
    if (last && last.end.getTime() === hour.getTime()) last.end = new Date(hour.getTime() + HOUR_MS);
    else ranges.push({ start: hour, end: new Date(hour.getTime() + HOUR_MS) });
  }
  return ranges;
}

/**
 * The hours in which a part still open was sent: its cost and how it ends may still change. Read through the
 * partial indexes of the open states (few rows whatever the table's size).
 */
async function hoursWithOpenParts(tx: Executor): Promise<Set<number>> {
  const result = await tx.execute<{ hour: string }>(sql`
    select distinct date_trunc('hour', f.submitted_at) as hour from fulfilments f
    where (f.state = 'submitted' or f.state in ('queued', 'submitting') or f.state = 'needs_attention')
      and f.submitted_at is not null`);
  return new Set(result.rows.map((row) => new Date(row.hour).getTime()));
}

const SUMMED = GRAIN_COLUMNS.slice(4);

/** Adds the grain rows of the ranges to money_days. */
async function addToMoneyDays(tx: Executor, stream: MoneyStream, ranges: readonly TimeRange[]) {
  const columns = sql.raw(GRAIN_COLUMNS.join(", "));
  const values = sql.raw(
    [
      "g.day::date",
      "g.service_id",
      "g.likes_pack_id",
      "g.provider_id",
      ...SUMMED.map((c) => `g.${c}::bigint`),
    ].join(", "),
  );
  const sums = sql.raw(
    SUMMED.map((column) => `${column} = money_days.${column} + excluded.${column}`).join(", "),
  );
  await tx.execute(sql`
    insert into money_days (${columns})
    select ${values} from (${grainSql(stream, ranges)}) g
    on conflict on constraint money_days_grain do update set ${sums}`);
}

/**
 * One batch of a kind of figure, in one transaction under its `money_settled` row's lock (so two rounds never
 * add an hour twice): the stream's next hours up to the final ones, and, for parts, the hours that waited for
 * their parts to end. An hour of parts with a part still open waits. Returns whether the stream moved on.
 */
async function settleBatch(
  db: Database,
  stream: MoneyStream,
  now: Date,
): Promise<{ moved: boolean; hours: number }> {
  return db.transaction(async (tx) => {
    // A shop's first round starts at its first row.
    await tx.execute(sql`
      insert into money_settled (stream, settled_until)
      values (${stream}, date_trunc('hour', coalesce(least(
        (select min(created_at) from transactions), (select min(submitted_at) from fulfilments),
        (select min(created_at) from orders), (select min(created_at) from auto_orders),
        (select min(completed_at) from deposits where status = 'completed')), ${now.toISOString()}::timestamptz)))
      on conflict (stream) do nothing`);
    const marked = await tx.execute<{ settled_until: string }>(sql`
      select settled_until from money_settled where stream = ${stream} for update`);
    const from = new Date(marked.rows[0]?.settled_until ?? now);
    const to = new Date(Math.min(finalHoursEnd(now).getTime(), from.getTime() + HOURS_PER_BATCH * HOUR_MS));
    const scanned: Date[] = [];
    for (let hour = from.getTime(); hour < to.getTime(); hour += HOUR_MS) scanned.push(new Date(hour));
    let ready = scanned;
    if (stream === "parts") {
      const waiting = await tx.execute<{ hour: string }>(sql`
        select hour from money_waiting_hours where stream = ${stream}`);
      const open = await hoursWithOpenParts(tx);
      const ended = waiting.rows.map((row) => new Date(row.hour)).filter((hour) => !open.has(hour.getTime()));
      ready = [...ended, ...scanned.filter((hour) => !open.has(hour.getTime()))];
      const stillOpen = scanned.filter((hour) => open.has(hour.getTime()));
      if (ended.length)
        await tx.execute(sql`
          delete from money_waiting_hours where stream = ${stream}
            and hour = any(${`{${ended.map((hour) => hour.toISOString()).join(",")}}`}::timestamptz[])`);
      if (stillOpen.length)
        await tx.execute(sql`
          insert into money_waiting_hours (stream, hour)
          select ${stream}, unnest(${`{${stillOpen.map((hour) => hour.toISOString()).join(",")}}`}::timestamptz[])`);
    }
    if (ready.length) await addToMoneyDays(tx, stream, hourRanges(ready));
    if (to > from)
      await tx.execute(sql`
        update money_settled set settled_until = ${to.toISOString()} where stream = ${stream}`);
    return { moved: to > from, hours: ready.length };
  });
}

/**
 * Settles every hour that became final since the last round, for each kind of figure (the figures round, and the
 * benchmark after loading its rows). Returns how many hours were added to money_days.
 */
export async function settleMoneyFigures(db: Database, now: Date = new Date()): Promise<number> {
  let hours = 0;
  for (const stream of MONEY_STREAMS) {
    for (let batch = 0; batch < BATCHES_PER_ROUND; batch++) {
      const settled = await settleBatch(db, stream, now);
      hours += settled.hours;
      if (!settled.moved) break;
    }
  }
  return hours;
}
