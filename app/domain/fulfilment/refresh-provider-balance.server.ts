import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { providers } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";
import type { Notice } from "../notice.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { balanceColumns } from "./check-provider-key.server.ts";
import { PROVIDER_TEXT } from "./messages.ts";
import { readProviderBalance } from "./provider-client.server.ts";
import { findProvider, transportFor } from "./provider-transport.server.ts";

/**
 * Asks a provider for its balance and keeps it, its currency and the time it was read (shown on the providers
 * pages).
 */
export async function refreshProviderBalance(
  db: Database,
  input: { providerId: string },
): Promise<{ ok: true; notice: Notice } | Refusal> {
  const provider = isUuid(input.providerId) ? await findProvider(db, input.providerId) : undefined;
  if (!provider) return refuse("not_found", PROVIDER_TEXT.notFound);
  try {
    const { balance, currency } = await readProviderBalance(transportFor(db, provider));
    await db
      .update(providers)
      .set(balanceColumns({ balance, currency }))
      .where(eq(providers.id, provider.id));
    return { ok: true, notice: { title: PROVIDER_TEXT.balanceRefreshed, message: `${balance} ${currency}` } };
  } catch (error) {
    return refuse("unavailable", PROVIDER_TEXT.unreachable((error as Error).message));
  }
}
