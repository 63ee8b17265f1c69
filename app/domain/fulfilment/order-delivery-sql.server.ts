import { type SQL, sql } from "drizzle-orm";
import type { Cents } from "../pricing/cents.ts";
import { mappedCostCentsSql } from "./mapped-cost-sql.server.ts";
import { WHOLE_ORDER_PART } from "./part-outcomes.ts";

/**
 * One part of an order as it is delivered: a one-service order is one part ("order"); a likes pack is one part
 * per line (its likes, extra likes, views, comments), each sent upstream as its own tracked submission.
 */
export type DeliveryPart = {
  part: string;
  /** The shop's service this part is delivered as (its provider mapping decides where it goes). */
  serviceId: string;
  quantity: number;
  /** This part's share of the order's charge: what its undelivered share is refunded from. */
  chargeCents: Cents;
  /** When the part is due, in seconds after the order (a drip-feed run, docs/decisions/021); absent: at once. */
  dueAfterSeconds?: number;
  /** Comments sent with the part's `add`, one per line (a custom comments order). */
  comments?: string;
};

/** Channel of the NOTIFY sent (at commit) when new submissions are due; every fulfilment worker listens. */
export const FULFILMENT_DUE_CHANNEL = "fulfilment_due";

const NO_LIMIT = 2_147_483_647;

/**
 * The CTEs that give a new order its delivery path in the statement that stores it (docs/decisions/010):
 * `delivery_parts` (the parts), `delivery_route` with `to_provider` (true when every part's service is mapped to a
 * provider whose limits admit its quantity) and `at_cost` (true unless a part's charge is below the known cost of
 * its quantity at its mapping, product rules 13.12: `partsAtCostSql`). The order row takes `orderDeliverySql` as
 * its `delivery`; `deliveryCte` then writes one submission per part, so a provider-delivered order is queued the
 * moment it commits.
 */
export function deliveryRouteCtes(parts: readonly DeliveryPart[]): SQL {
  const ps = sql.raw("ps");
  return sql`delivery_parts (part, service_id, quantity, charge_cents, due_after_seconds, comments) as (
      ${partRows(parts)}),
    delivery_route as (
      select count(ps.service_id) filter (
          where dp.quantity between coalesce(ps.min_quantity, 1) and coalesce(ps.max_quantity, ${NO_LIMIT})
            and lower(ps.provider_service_type) <> 'subscriptions'
        ) = ${parts.length}::bigint as to_provider,
        bool_and(ps.cost_per_1000 is null
          or dp.charge_cents >= ${mappedCostCentsSql(sql.raw("dp.quantity"), ps)}) as at_cost
      from delivery_parts dp
      left join provider_services ps on ps.service_id = dp.service_id
    )`;
}

/**
 * The order statement's floor (product rules 13.12, docs/decisions/037): each part's charge covers the known cost
 * of what it sends upstream, read in the statement that charges, so a cost and price a sync changes together are
 * seen together. Checked whether or not the order goes out automatically: a part a person delivers still costs
 * what its mapping says.
 */
export const partsAtCostSql: SQL = sql`(select at_cost from delivery_route)`;

/**
 * The parts as rows. Parts due at once (an ordinary order, a pack) are a VALUES list, the shape the order statement
 * always had; the runs of a drip-feed order are arrays unnested, one statement shape whatever their number, so
 * drip-feed orders never use up the prepared statements' shapes (app/db/prepared-statement.server.ts).
 */
function partRows(parts: readonly DeliveryPart[]): SQL {
  if (parts.some((part) => part.dueAfterSeconds)) {
    const array = (values: readonly (string | number)[]) => `{${values.join(",")}}`;
    return sql`select p.*, null::text from unnest(${array(parts.map((part) => part.part))}::text[],
        ${array(parts.map((part) => part.serviceId))}::uuid[], ${array(parts.map((part) => part.quantity))}::integer[],
        ${array(parts.map((part) => part.chargeCents))}::bigint[],
        ${array(parts.map((part) => part.dueAfterSeconds ?? 0))}::integer[]) as p`;
  }
  const rows = sql.join(
    parts.map(
      (part) =>
        sql`(${part.part}, ${part.serviceId}::uuid, ${part.quantity}::integer, ${part.chargeCents}::bigint, 0, ${
          part.comments === undefined ? sql`null::text` : sql`${part.comments}::text`
        })`,
    ),
    sql`, `,
  );
  return sql`values ${rows}`;
}

/** The new order's `delivery` value, read from `delivery_route`. */
export const orderDeliverySql: SQL = sql`(select case when to_provider then 'provider' else 'manual' end
  from delivery_route)::order_delivery`;

/**
 * `delivery`: one queued submission per part of the order in `orderFrom` (a CTE or table expression with `id`
 * and `target_link`), only when `delivery_route` sends it to providers. The idempotency key is derived from the
 * order and the part, so a re-sent `add` to a provider that honours keys returns the same upstream order.
 */
export function deliveryCte(orderFrom: SQL): SQL {
  return sql`delivery as (
    insert into fulfilments (order_id, part, provider_id, provider_service_id, link, quantity, charge_cents,
      comments, next_attempt_at, idempotency_key)
    select o.id, dp.part, ps.provider_id, ps.provider_service_id, o.target_link, dp.quantity, dp.charge_cents,
      dp.comments, now() + make_interval(secs => dp.due_after_seconds),
      'boostly-order-' || o.id || case when dp.part = ${WHOLE_ORDER_PART} then '' else '-' || dp.part end
    from ${orderFrom} o
    cross join delivery_parts dp
    join provider_services ps on ps.service_id = dp.service_id
    where (select to_provider from delivery_route)
    returning id
  )`;
}

/** Wakes the fulfilment workers (at commit) when the statement queued submissions; null otherwise. */
export const notifyFulfilmentDue: SQL = sql`(select pg_notify(${FULFILMENT_DUE_CHANNEL}, '') from delivery_route
  where to_provider)`;
