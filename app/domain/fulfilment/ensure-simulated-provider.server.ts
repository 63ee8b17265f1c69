import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { providers } from "../../db/schema.ts";
import { apiKeyHint, encryptApiKey } from "./api-key-cipher.server.ts";
import { SIMULATED_MIN_QUANTITY } from "./simulated-provider.server.ts";

export const SIMULATED_PROVIDER_NAME = "Simulated provider";
// The simulated provider is answered in-process; this address only names it in the admin pages.
const SIMULATED_API_URL = "simulated://boostly/api/v2";

/**
 * Development's living shop: creates the simulated provider once and maps every service that has no provider
 * to it (its service ids are the shop's slugs). Runs only the first time, so an admin's later changes stay.
 */
export async function ensureSimulatedProvider(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // Several workers may start together: one creates, the others find it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('boostly.simulated-provider'))`);
    const [existing] = await tx
      .select({ id: providers.id })
      .from(providers)
      .where(eq(providers.isSimulated, true));
    if (existing) return;
    const key = "simulated-provider-key";
    const [created] = await tx
      .insert(providers)
      .values({
        name: SIMULATED_PROVIDER_NAME,
        apiUrl: SIMULATED_API_URL,
        apiKeyEncrypted: encryptApiKey(key),
        apiKeyHint: apiKeyHint(key),
        isSimulated: true,
        supportsIdempotency: true,
      })
      .returning({ id: providers.id });
    await tx.execute(sql`
      insert into provider_services (service_id, provider_id, provider_service_id, provider_service_type,
        min_quantity, max_quantity)
      select s.id, ${created?.id}, s.slug, case when s.order_type = 'package' then 'Package' else 'Default' end,
        ${SIMULATED_MIN_QUANTITY}, s.max_quantity from services s
      on conflict (service_id) do nothing`);
  });
}
