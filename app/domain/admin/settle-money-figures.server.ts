import { type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import {
  GRAIN_COLUMNS,
  grainSql,
  MONEY_STREAMS,
  type MoneyStream,
  PART_OPEN,
  partsGrainSql,
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

const SUMMED = GRAIN_COLUMNS.slice(4);

/** Adds the rows of a grain statement to money_days. */
async function addToMoneyDays(tx: Executor, grain: SQL) {
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
    select ${values} from (${grain}) g
    on conflict on constraint money_days_grain do update set ${sums}`);
}

/**
 * The parts that waited and have ended since: added to money_days once, and no longer waiting. An ended part never
 * changes again, so reading it after taking it off the list is safe.
 */
async function settleEndedParts(tx: Executor): Promise<number> {
  const ended = await tx.execute<{ fulfilment_id: string }>(sql`
    delete from money_waiting_parts w using fulfilments f
    where f.id = w.fulfilment_id and not ${PART_OPEN}
    returning w.fulfilment_id`);
  const ids = ended.rows.map((row) => row.fulfilment_id);
  if (ids.length) await addToMoneyDays(tx, partsGrainSql({ waiting: true, ids }));
  return ids.length;
}

/**
 * One batch of a kind of figure, in one transaction under its `money_settled` row's lock (so two rounds never
 * add an hour twice): the stream's next hours up to the final ones. For parts, the parts of those hours still
 * open are put on the waiting list first and left out (a part that ends meanwhile was closed when read, and is
 * final), and the waiting parts that ended are added. Returns whether the stream moved on.
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
    if (stream === "parts") await settleEndedParts(tx);
    if (to <= from) return { moved: false, hours: 0 };
    const ranges = [{ start: from, end: to }];
    if (stream === "parts") {
      await tx.execute(sql`
        insert into money_waiting_parts (fulfilment_id)
        select f.id from fulfilments f
        where f.submitted_at >= ${from.toISOString()}::timestamptz and f.submitted_at < ${to.toISOString()}::timestamptz
          and ${PART_OPEN}
        on conflict do nothing`);
      await addToMoneyDays(tx, partsGrainSql({ ranges }));
    } else await addToMoneyDays(tx, grainSql(stream, ranges));
    await tx.execute(
      sql`update money_settled set settled_until = ${to.toISOString()} where stream = ${stream}`,
    );
    return { moved: true, hours: Math.round((to.getTime() - from.getTime()) / HOUR_MS) };
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
