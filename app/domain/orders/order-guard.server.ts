import { type SQL, sql } from "drizzle-orm";
import type { OrderableService } from "../catalog/find-service.server.ts";

/**
 * Checks that the area which authorised an order adds to its statement (the reseller API: its key is active, and
 * this request counted against the key's shared rate-limit window): CTEs that run first, a condition the charge
 * needs, and `refusal`, a jsonb expression the statement itself answers with: why the authorisation refused this
 * very request, or null. The statement's own verdict, not a later re-read: a later read sees a later clock (a
 * rate-limit window that ended since) and would blame the order instead (docs/decisions/014).
 */
export type OrderAuthorisation = { ctes?: SQL; condition: SQL; refusal: SQL };

/**
 * What an order's price and checks were computed from, when some of it came from a per-process cache: the
 * service as read and whether the shop had to be open, plus the authorisation's own checks. The order statement
 * re-checks all of it in the database, so an order is never charged on a price, a limit, a maintenance state or
 * a key that changed since it was read.
 */
export type OrderGuard = {
  service: Pick<
    OrderableService,
    | "id"
    | "platform"
    | "pricePer1000"
    | "minQuantity"
    | "maxQuantity"
    | "serviceType"
    | "targetKind"
    | "orderType"
    | "dripfeed"
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
        and platform = ${service.platform} and service_type = ${service.serviceType}::service_type
        and target_kind = ${service.targetKind}::target_kind
        and order_type = ${service.orderType}::service_order_type and dripfeed = ${service.dripfeed}
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

/**
 * The catalog part of the guard re-read on its own, with no side effects: whether a statement that charged nothing
 * (and whose authorisation did not refuse) was stopped by a changed service or maintenance.
 */
export function orderGuardRecheckSql(guard: OrderGuard): SQL {
  return catalogSql(guard);
}

/** The authorisation's verdict as a column of the order statement's answer, if the order has one. */
export function orderGuardRefusalSql(guard: OrderGuard | undefined): SQL | undefined {
  return guard?.authorisation?.refusal;
}
