import { type SQL, sql } from "drizzle-orm";

/**
 * What sending `quantity` units to a provider through the mapping `mapping` (a provider_services row's alias) costs
 * the shop, in dollar cents rounded up, so a cost is never understated (docs/decisions/037, product rules 13.12):
 * quantity x cost_per_1000 / 1000, or quantity x cost where the provider sells a Package (its rate, and so the
 * mapping's cost, is per package). Null while the mapping's cost is not known. One expression for the order
 * statement's floor, an auto order's and what a part cost when it was sent.
 */
export function mappedCostCentsSql(quantity: SQL, mapping: SQL): SQL {
  return sql`ceil(${quantity}::numeric * ${mapping}.cost_per_1000
    * case when lower(${mapping}.provider_service_type) = 'package' then 100 else 0.1 end)`;
}

/**
 * True unless the service `serviceId`'s mapping has a known cost above `chargeCents` for `quantity` units: the
 * condition an auto order's charge needs per post (product rules 13.13).
 */
export function chargeCoversCostSql(input: {
  serviceId: string;
  quantity: number;
  chargeCents: number;
}): SQL {
  const ps = sql.raw("ps");
  return sql`not exists (select 1 from provider_services ps where ps.service_id = ${input.serviceId}
    and ${input.chargeCents}::bigint < ${mappedCostCentsSql(sql`${input.quantity}::integer`, ps)})`;
}

/**
 * What the submission `f` (a fulfilments row's alias) costs at its mapping's cost now, in cents rounded up: its
 * quantity, times the posts left for a whole subscription (post 0), through the mapping it names (its provider and
 * the provider's service). Null when no such mapping has a known cost.
 */
export function sentCostCentsSql(f: SQL): SQL {
  const ps = sql.raw("ps");
  const units = sql`${f}.quantity::bigint * coalesce((select a.remaining_posts from auto_orders a
    where a.id = ${f}.auto_order_id and ${f}.post_number = 0), 1)`;
  return sql`(select max(${mappedCostCentsSql(units, ps)}) from provider_services ps
    where ps.provider_id = ${f}.provider_id and ps.provider_service_id = ${f}.provider_service_id)`;
}
