import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { serviceChanges, services } from "../../db/schema.ts";
import type { ServiceChangeDetails, ServiceChangeKind } from "./service-changes.ts";

/** What a provider sync reads of a service, locked until its transaction ends (one service's changes at a time). */
export type ServiceForSync = {
  id: string;
  pricePer1000: string;
  minQuantity: number;
  maxQuantity: number;
  orderType: string;
  enabled: boolean;
};

/** Locks a service and reads what a sync compares: its price, limits, order type and whether it is on sale. */
export async function lockServiceForSync(tx: Executor, serviceId: string): Promise<ServiceForSync | null> {
  const [row] = await tx
    .select({
      id: services.id,
      pricePer1000: services.pricePer1000,
      minQuantity: services.minQuantity,
      maxQuantity: services.maxQuantity,
      orderType: services.orderType,
      enabled: services.enabled,
    })
    .from(services)
    .where(eq(services.id, serviceId))
    .for("update");
  return row ?? null;
}

/** Logs a change a sync made (or saw) to a service, for the operator (the provider page, the service's row). */
export async function recordServiceChange(
  tx: Executor,
  serviceId: string,
  kind: ServiceChangeKind,
  details: ServiceChangeDetails,
): Promise<void> {
  await tx.insert(serviceChanges).values({ serviceId, kind, details });
}

/** A provider's cost rose past the price: the service sells at `price` from now on; logged as `repriced`. */
export async function repriceService(
  tx: Executor,
  service: ServiceForSync,
  price: string,
  details: ServiceChangeDetails = {},
): Promise<void> {
  await tx
    .update(services)
    .set({ pricePer1000: price, updatedAt: sql`now()` })
    .where(eq(services.id, service.id));
  await recordServiceChange(tx, service.id, "repriced", {
    ...details,
    from: service.pricePer1000,
    to: price,
  });
}

/** Takes a service off sale for the reason `kind` says (a sync's pause); logged with it. */
export async function pauseService(
  tx: Executor,
  service: ServiceForSync,
  kind: Extract<ServiceChangeKind, `paused_${string}`>,
  details: ServiceChangeDetails = {},
): Promise<void> {
  await tx.update(services).set({ enabled: false, updatedAt: sql`now()` }).where(eq(services.id, service.id));
  await recordServiceChange(tx, service.id, kind, details);
}

/** Narrows a service's limits to what its provider accepts; logged as `limits_narrowed`. */
export async function narrowServiceLimits(
  tx: Executor,
  service: ServiceForSync,
  limits: { minQuantity: number; maxQuantity: number },
): Promise<void> {
  await tx
    .update(services)
    .set({ ...limits, updatedAt: sql`now()` })
    .where(eq(services.id, service.id));
  await recordServiceChange(tx, service.id, "limits_narrowed", {
    from: `${service.minQuantity}-${service.maxQuantity}`,
    to: `${limits.minQuantity}-${limits.maxQuantity}`,
  });
}
