import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";
import { serviceOrderingColumns } from "../catalog/list-services-for-admin.server.ts";
import type { AdminService } from "../catalog/service-form.ts";

/** A service as the manual order form lists it: the admin's view of it without the storefront texts. */
export type ManualOrderService = Omit<
  AdminService,
  "slug" | "description" | "features" | "refillDays" | "enabled" | "orderType" | "dripfeed"
>;

/** Every enabled service, by platform then name (the manual order form's service list). */
export async function listServicesForManualOrder(db: Executor): Promise<ManualOrderService[]> {
  return db
    .select(serviceOrderingColumns)
    .from(services)
    .where(eq(services.enabled, true))
    .orderBy(asc(services.platform), asc(services.name));
}
