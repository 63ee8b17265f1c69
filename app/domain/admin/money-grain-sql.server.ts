import { type SQL, sql } from "drizzle-orm";
import { partCostSql, partUndeliveredSql } from "../fulfilment/provider-costs.server.ts";

/**
 * The money figures at their finest grain (docs/decisions/041): per UTC day, per service (with its likes pack)
 * and, for parts sent, per provider. One statement per kind of figure, for any set of time ranges: the settling
 * round sums settled hours with it into money_days, and the dashboard works out the hours not settled yet with
 * the same statement, so both always count alike.
 *
 * - `ledger`: the ledger rows made in the ranges (purchases, refunds, deposits, bonuses, adjustments, each on the
 *   service of its order or auto order), the orders and auto orders placed, and the customers whose first paid
 *   order or first completed deposit it was (the conversion funnel);
 * - `parts`: the parts sent in the ranges, on their order's service and their own provider: their share of the
 *   charge, the undelivered share of it, and their cost (product rules 13.32). A part still open when its hour
 *   was settled waits in money_waiting_parts and is summed from itself until it ends (settle-money-figures).
 */
export type MoneyStream = "ledger" | "parts";

export const MONEY_STREAMS: readonly MoneyStream[] = ["ledger", "parts"];

/** A span of time, start included, end excluded. */
export type TimeRange = { start: Date; end: Date };

/** The grain's columns, in the order every statement below returns them and money_days stores them. */
export const GRAIN_COLUMNS = [
  "day",
  "service_id",
  "likes_pack_id",
  "provider_id",
  "orders",
  "auto_orders",
  "first_orders",
  "first_deposits",
  "sales_cents",
  "refunds_cents",
  "deposits_cents",
  "bonuses_cents",
  "adjustments_cents",
  "parts",
  "part_charge_cents",
  "part_refunds_cents",
  "spend_cents",
  "unknown_cost_parts",
] as const;

/** The grain's sums and counts (every column after the four that say what a row is about). */
export type GrainFigure = Exclude<
  (typeof GRAIN_COLUMNS)[number],
  "day" | "service_id" | "likes_pack_id" | "provider_id"
>;

/** The figures of one grain, as a statement returns them (node-postgres gives sums and counts as text). */
export type GrainRow = {
  /** Null only in a sum over days (a service's or provider's, read back from money_days). */
  day: string | null;
  service_id: string | null;
  likes_pack_id: string | null;
  provider_id: string | null;
} & Record<GrainFigure, string | number>;

/**
 * `column` within any of the ranges: one index range scan per range (combined by a bitmap OR), which the planner
 * sizes from the ranges themselves.
 */
function within(column: string, ranges: readonly TimeRange[]): SQL {
  const target = sql.raw(column);
  return sql`(${sql.join(
    ranges.map(
      (range) =>
        sql`(${target} >= ${range.start.toISOString()}::timestamptz and ${target} < ${range.end.toISOString()}::timestamptz)`,
    ),
    sql` or `,
  )})`;
}

const day = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`);

/** The ledger's figures of the ranges (see MoneyStream). */
function ledgerGrainSql(ranges: readonly TimeRange[]): SQL {
  return sql`with moved as (
      -- An auto order's service by its key, only for its own rows (a join would hash every auto order).
      select t.created_at as at,
        coalesce(o.service_id, (select a.service_id from auto_orders a where a.id = t.auto_order_id)) as service_id,
        o.likes_pack_id, t.type, t.amount_cents
      from transactions t
      left join orders o on o.id = t.order_id
      where ${within("t.created_at", ranges)} and t.status = 'completed'
    ),
    placed as (
      select o.created_at as at, o.service_id, o.likes_pack_id, 1 as orders, 0 as auto_orders,
        case when o.total_cents > 0
          and not exists (select 1 from orders earlier where earlier.user_id = o.user_id
            and earlier.total_cents > 0 and (earlier.created_at, earlier.id) < (o.created_at, o.id))
          and not exists (select 1 from auto_orders earlier where earlier.user_id = o.user_id
            and earlier.created_at <= o.created_at)
          then 1 else 0 end as first_orders
      from orders o where ${within("o.created_at", ranges)}
      union all
      select a.created_at, a.service_id, null::uuid, 0, 1,
        case when not exists (select 1 from auto_orders earlier where earlier.user_id = a.user_id
            and (earlier.created_at, earlier.id) < (a.created_at, a.id))
          and not exists (select 1 from orders earlier where earlier.user_id = a.user_id
            and earlier.total_cents > 0 and earlier.created_at < a.created_at)
          then 1 else 0 end
      from auto_orders a where ${within("a.created_at", ranges)}
    ),
    first_deposits as (
      select d.completed_at as at
      from deposits d
      where ${within("d.completed_at", ranges)} and d.status = 'completed' and not exists (select 1 from deposits earlier
        where earlier.user_id = d.user_id and earlier.status = 'completed'
          and (earlier.completed_at, earlier.id) < (d.completed_at, d.id))
    ),
    figures as (
      select at, service_id, likes_pack_id, 0 as orders, 0 as auto_orders, 0 as first_orders, 0 as first_deposits,
        case when type = 'purchase' then -amount_cents else 0 end as sales,
        case when type = 'refund' then amount_cents else 0 end as refunds,
        case when type = 'deposit' then amount_cents else 0 end as deposits,
        case when type = 'bonus' then amount_cents else 0 end as bonuses,
        case when type = 'adjustment' then amount_cents else 0 end as adjustments
      from moved
      union all
      select at, service_id, likes_pack_id, orders, auto_orders, first_orders, 0, 0, 0, 0, 0, 0 from placed
      union all
      select at, null::uuid, null::uuid, 0, 0, 0, 1, 0, 0, 0, 0, 0 from first_deposits
    )
    select ${day("at")} as day, service_id, likes_pack_id, null::uuid as provider_id,
      sum(orders) as orders, sum(auto_orders) as auto_orders, sum(first_orders) as first_orders,
      sum(first_deposits) as first_deposits, sum(sales) as sales_cents, sum(refunds) as refunds_cents,
      sum(deposits) as deposits_cents, sum(bonuses) as bonuses_cents, sum(adjustments) as adjustments_cents,
      0 as parts, 0 as part_charge_cents, 0 as part_refunds_cents, 0 as spend_cents, 0 as unknown_cost_parts
    from figures
    group by 1, 2, 3`;
}

/** The part `f` is still open: its cost and how it ends may change. */
export const PART_OPEN = sql.raw(`f.state in ('queued', 'submitting', 'submitted', 'needs_attention')`);

/** The part `f` waits in money_waiting_parts: counted from itself until it ends, never with its hour. */
const PART_WAITING = sql`exists (select 1 from money_waiting_parts w where w.fulfilment_id = f.id)`;

/**
 * Which parts a parts statement sums: those sent in the ranges and not waiting, or the waiting ones (those of
 * `ids`, or all of them).
 */
export type PartsFilter = { ranges: readonly TimeRange[] } | { waiting: true; ids?: readonly string[] };

function partsWhere(filter: PartsFilter): SQL {
  if ("waiting" in filter)
    return filter.ids
      ? sql`f.id = any(${`{${filter.ids.join(",")}}`}::uuid[])`
      : sql`f.id in (select w.fulfilment_id from money_waiting_parts w)`;
  return sql`${within("f.submitted_at", filter.ranges)} and not ${PART_WAITING}`;
}

/**
 * The parts' figures (see MoneyStream) of the parts `filter` picks. A part's charge is its share of its order's
 * (the whole order's for a part stored before shares were), an auto order post's its cost per post (the whole auto
 * order's for one sent as a subscription); its undelivered share is charge x undelivered / quantity, rounded down
 * as the refund of product rules 4.2 is.
 */
export function partsGrainSql(filter: PartsFilter): SQL {
  const cost = partCostSql("f");
  const charge = sql`case
      when f.order_id is not null then coalesce(f.charge_cents, o.total_cents)
      when f.post_number = 0 then a.cost_per_post_cents * a.total_posts
      else a.cost_per_post_cents end`;
  return sql`select ${day("f.submitted_at")} as day, coalesce(o.service_id, a.service_id) as service_id, o.likes_pack_id,
      f.provider_id, 0 as orders, 0 as auto_orders, 0 as first_orders, 0 as first_deposits, 0 as sales_cents,
      0 as refunds_cents, 0 as deposits_cents, 0 as bonuses_cents, 0 as adjustments_cents,
      count(*) as parts, coalesce(sum(${charge}), 0) as part_charge_cents,
      coalesce(sum((${charge}) * (${partUndeliveredSql("f")}) / f.quantity), 0) as part_refunds_cents,
      coalesce(sum(${cost}), 0) as spend_cents, count(*) filter (where (${cost}) is null) as unknown_cost_parts
    from fulfilments f
    left join orders o on o.id = f.order_id
    left join auto_orders a on a.id = f.auto_order_id
    where ${partsWhere(filter)}
    group by 1, 2, 3, 4`;
}

/**
 * The statement that gives a kind of figure's grain rows for the ranges (no ranges: no rows); for parts, those
 * not waiting (the waiting ones: partsGrainSql({ waiting: true })).
 */
export function grainSql(stream: MoneyStream, ranges: readonly TimeRange[]): SQL {
  return stream === "ledger" ? ledgerGrainSql(ranges) : partsGrainSql({ ranges });
}
