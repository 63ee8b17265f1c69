import { eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { fulfilments, providerServices, providers } from "../../db/schema.ts";
import { type Cents, centsFromSql } from "../pricing/cents.ts";
import { type RateMargin, rateMargin } from "../pricing/margin.ts";

/**
 * Units of the part in `f` (a fulfilments alias) its provider did not deliver, as far as it has said: all of a
 * part that ended cancelled or failed, the remains of one that ended partial (held between 0 and its quantity),
 * and the remains of an auto order's post that ended with some undelivered; none otherwise (product rules 13.32).
 */
export function partUndeliveredSql(f: string): SQL<number> {
  const part = sql.raw(f);
  return sql<number>`case
      when ${part}.outcome in ('cancelled', 'failed') then ${part}.quantity
      when ${part}.outcome = 'partial' or (${part}.outcome is null and ${part}.state = 'done'
        and ${part}.auto_order_id is not null)
        then least(greatest(coalesce(${part}.upstream_remains, 0), 0), ${part}.quantity)
      else 0 end`;
}

/**
 * What the part in `f` cost the shop at its provider, in cents (product rules 13.32, docs/decisions/041); null
 * while it is not known:
 * - a part never sent costs nothing once it is closed, and is not known while it may still be sent;
 * - a sent part without a recorded cost (sent before costs were kept, or with no rate known) is not known;
 * - the provider's own charge (`cost_from_provider`) is what it kept, as it says;
 * - otherwise the cost recorded from the rate when it was sent, less the share of it its provider did not
 *   deliver (cost x undelivered / quantity, rounded down so that a cost is never understated): what a provider
 *   pays back for what it did not deliver, as the shop pays back its customer.
 */
export function partCostSql(f: string): SQL<string | null> {
  const part = sql.raw(f);
  return sql<string | null>`case
    when ${part}.submitted_at is null then case when ${part}.state = 'done' then 0 end
    when ${part}.cost_cents is null then null
    when ${part}.cost_from_provider then ${part}.cost_cents
    else ${part}.cost_cents - ${part}.cost_cents * (${partUndeliveredSql(f)}) / ${part}.quantity end`;
}

/** An order's provider cost: the sum of its parts' (product rules 13.31). */
export type OrderCost = {
  /** Null when any part's cost is not known. */
  costCents: Cents | null;
  parts: number;
  /** Parts whose cost is not known (sent without a recorded cost, or not sent yet). */
  unknownParts: number;
};

/**
 * The provider cost of each of the orders that has parts, by order id (an order a person delivers has none):
 * one grouped query on the orders' parts (fulfilments_one_per_order_part), for a page's rows only.
 */
export async function readOrderCosts(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, OrderCost>> {
  if (orderIds.length === 0) return new Map();
  const cost = partCostSql("f");
  const result = await db.execute<{ order_id: string; parts: string; unknown: string; known: string }>(sql`
    select f.order_id, count(*) as parts, count(*) filter (where (${cost}) is null) as unknown,
      coalesce(sum(${cost}), 0) as known
    from ${fulfilments} f
    where f.order_id = any(${`{${orderIds.join(",")}}`}::uuid[])
    group by f.order_id`);
  return new Map(
    result.rows.map((row) => {
      const unknownParts = Number(row.unknown);
      return [
        row.order_id,
        {
          costCents: unknownParts > 0 ? null : centsFromSql(row.known),
          parts: Number(row.parts),
          unknownParts,
        },
      ];
    }),
  );
}

/** What a mapped service costs at its provider (product rules 13.30). */
export type ServiceCost = {
  providerId: string;
  providerName: string;
  /** Dollars per 1000 units (per package for a Package), four decimals; null until a sync reads the rate. */
  costPer1000: string | null;
};

/** The cost of every service mapped to a provider, by service id (a service absent has no provider). */
async function readServiceCosts(db: Executor): Promise<Map<string, ServiceCost>> {
  const rows = await db
    .select({
      serviceId: providerServices.serviceId,
      providerId: providerServices.providerId,
      providerName: providers.name,
      costPer1000: providerServices.costPer1000,
    })
    .from(providerServices)
    .innerJoin(providers, eq(providers.id, providerServices.providerId));
  return new Map(rows.map(({ serviceId, ...cost }) => [serviceId, cost]));
}

/** What a service costs and keeps at its provider, as the services list shows it (product rules 13.30). */
export type ServiceMargin =
  | { kind: "no_provider" }
  | { kind: "cost_unknown"; providerName: string }
  | ({ kind: "known"; providerName: string; costPer1000: string } & RateMargin);

/** Each service's cost and margin at the provider it is mapped to, by service id. */
export async function readServiceMargins(
  db: Executor,
  services: readonly { id: string; pricePer1000: string }[],
): Promise<Record<string, ServiceMargin>> {
  const costs = await readServiceCosts(db);
  return Object.fromEntries(
    services.map((service): [string, ServiceMargin] => {
      const cost = costs.get(service.id);
      if (!cost) return [service.id, { kind: "no_provider" }];
      if (cost.costPer1000 === null)
        return [service.id, { kind: "cost_unknown", providerName: cost.providerName }];
      return [
        service.id,
        {
          kind: "known",
          providerName: cost.providerName,
          costPer1000: cost.costPer1000,
          ...rateMargin(service.pricePer1000, cost.costPer1000),
        },
      ];
    }),
  );
}
