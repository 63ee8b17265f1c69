import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { services } from "../../db/schema.ts";

// A service's API id never changes (services.api_id), so this process keeps what it read: a reseller's order
// then costs no extra round trip. A deleted service's entry only leads to the order's own "unknown service".
const serviceIds = new Map<number, string>();
const MAX_REMEMBERED = 10_000;

/** The id of the service with this integer API id (the reseller API's `service`), or null when there is none. */
export async function findServiceIdByApiId(db: Executor, apiId: number): Promise<string | null> {
  const known = serviceIds.get(apiId);
  if (known) return known;
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.apiId, apiId));
  if (!row) return null;
  if (serviceIds.size >= MAX_REMEMBERED) serviceIds.clear();
  serviceIds.set(apiId, row.id);
  return row.id;
}
