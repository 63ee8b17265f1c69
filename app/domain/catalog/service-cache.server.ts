import type { Executor } from "../../db/client.server.ts";
import { findOrderableService, type OrderableService } from "./find-service.server.ts";

/** How long this process reuses a service it read for pricing an order (the order statement re-checks it). */
const SERVICE_CACHE_MS = 5_000;

const cache = new Map<string, { service: OrderableService; readAt: number }>();

/**
 * An enabled service for pricing an order, from this process's short-lived cache when possible. Only found
 * services are kept (a newly enabled service is orderable at once); a stale entry can never charge a wrong price
 * because the order statement charges only while the service is still as read (see orders/order-guard.server.ts).
 */
export async function findServiceForOrder(
  db: Executor,
  serviceId: string,
  options: { fresh?: boolean } = {},
): Promise<OrderableService | null> {
  const hit = cache.get(serviceId);
  if (!options.fresh && hit && Date.now() - hit.readAt < SERVICE_CACHE_MS) return hit.service;
  const service = await findOrderableService(db, serviceId);
  if (service) cache.set(serviceId, { service, readAt: Date.now() });
  else cache.delete(serviceId);
  return service;
}
