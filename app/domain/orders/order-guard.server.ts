import { type SQL, sql } from "drizzle-orm";
import type { OrderableService } from "../catalog/find-service.server.ts";

/**
 * Checks that the area which authorised an order adds to its statement (the reseller API: its key is active, and
 * this request counted against the key's shared rate-limit window): CTEs that run first, a condition the charge
 * needs, and the same condition re-read without side effects when the statement charged nothing.
 */
export type OrderAuthorisation = { ctes?: SQL; condition: SQL; recheck: SQL };

/**
 * What an order's price and checks were computed from, when some of it came from a per-process cache: the
 * service as read and whether the shop had to be open, plus the authorisation's own checks. The order statement
 * re-checks all of it in the database, so an order is never charged on a price, a limit, a maintenance state or
 * a key that changed since it was read.
 */
export type OrderGuard = {
  service: Pick<
    OrderableService,
    "id" | "platform" | "pricePer1000" | "minQuantity" | "maxQuantity" | "serviceType" | "targetKind"
  >;
  /** True for storefront orders (refused in maintenance); admin orders go on during maintenance. */
  shopMustBeOpen: boolean;
  authorisation?: OrderAuthorisation;
};

function catalogSql(guard: OrderGuard): SQL {
  const { service } = guard;
  const open = guard.shopMustBeOpen
    ? sql` and not exists (select 1 from settings where key = 'maintenanceMode' and value = 'true'::jsonb)`
    : sql``;
  return sql`exists (
      select 1 from services where id = ${service.id} and enabled and price_per_1000 = ${service.pricePer1000}::numeric
        and min_quantity = ${service.minQuantity} and max_quantity = ${service.maxQuantity}
        and platform = ${service.platform}::platform and service_type = ${service.serviceType}::service_type
        and target_kind = ${service.targetKind}::target_kind
    )${open}`;
}

/** The CTEs the guard needs ahead of the order statement's own, if any. */
export function orderGuardCtes(guard: OrderGuard | undefined): SQL | undefined {
  return guard?.authorisation?.ctes;
}

/** The guard as the charge's condition: true only while everything the order assumed still holds. */
export function orderGuardSql(guard: OrderGuard): SQL {
  const authorised = guard.authorisation ? sql` and ${guard.authorisation.condition}` : sql``;
  return sql`${catalogSql(guard)}${authorised}`;
}

/** The guard re-read on its own, with no side effects: why a statement may have charged nothing. */
export function orderGuardRecheckSql(guard: OrderGuard): SQL {
  const authorised = guard.authorisation ? sql` and ${guard.authorisation.recheck}` : sql``;
  return sql`${catalogSql(guard)}${authorised}`;
}
