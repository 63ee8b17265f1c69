import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** Where a cancel of an order stands while the order runs: waiting for its provider, or refused by it. */
export type OrderCancelState = "requested" | "refused" | null;

/**
 * The cancel state of the order whose row has `orderId` and `cancelRequestedAt` (docs/decisions/010): null when
 * no cancel was asked or the order has ended; "requested" while a provider has still to answer or report; "refused"
 * when every provider asked said no. One indexed look at the order's parts per row.
 */
export function orderCancelStateSql(columns: {
  orderId: AnyPgColumn;
  cancelRequestedAt: AnyPgColumn;
  status: AnyPgColumn;
}): SQL<OrderCancelState> {
  return sql<OrderCancelState>`case
    when ${columns.cancelRequestedAt} is null
      or ${columns.status} in ('completed', 'partial', 'cancelled', 'failed') then null
    when exists (select 1 from fulfilments f where f.order_id = ${columns.orderId}
      and f.cancel_state in ('due', 'sent')) then 'requested'
    when exists (select 1 from fulfilments f where f.order_id = ${columns.orderId}
      and f.cancel_state = 'refused') then 'refused'
    else 'requested' end`;
}

/** The name of the provider that has a part of the order now (being sent, sent, or held), else null. */
export function orderWithProviderSql(orderId: AnyPgColumn): SQL<string | null> {
  return sql<string | null>`(select p.name from fulfilments f join providers p on p.id = f.provider_id
    where f.order_id = ${orderId} and f.state in ('submitting', 'submitted', 'needs_attention') limit 1)`;
}
