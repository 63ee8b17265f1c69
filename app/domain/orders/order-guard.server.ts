import { type SQL, sql } from "drizzle-orm";
import type { OrderableService } from "../catalog/find-service.server.ts";

/**
 * What an order's price and checks were computed from, when some of it came from a per-process cache: the
 * service as read, whether the shop had to be open, and the reseller API key that authorised it. The order
 * statement re-checks all of it in the database, so an order is never charged on a price, a limit, a
 * maintenance state or a revoked key that changed since it was read.
 */
export type OrderGuard = {
  service: Pick<
    OrderableService,
    "id" | "pricePer1000" | "minQuantity" | "maxQuantity" | "serviceType" | "targetKind"
  >;
  /** True for storefront orders (refused in maintenance); admin orders go on during maintenance. */
  shopMustBeOpen: boolean;
  /** The digest of the API key the order came with (reseller API), which must still be active. */
  apiKeyHash?: string;
};

/** The guard as a SQL condition: true only while everything the order assumed still holds. */
export function orderGuardSql(guard: OrderGuard): SQL {
  const { service } = guard;
  const open = guard.shopMustBeOpen
    ? sql` and not exists (select 1 from settings where key = 'maintenanceMode' and value = 'true'::jsonb)`
    : sql``;
  const key = guard.apiKeyHash
    ? sql` and exists (select 1 from api_keys where key_hash = ${guard.apiKeyHash} and revoked_at is null)`
    : sql``;
  return sql`exists (
      select 1 from services where id = ${service.id} and enabled and price_per_1000 = ${service.pricePer1000}::numeric
        and min_quantity = ${service.minQuantity} and max_quantity = ${service.maxQuantity}
        and service_type = ${service.serviceType}::service_type and target_kind = ${service.targetKind}::target_kind
    )${open}${key}`;
}
