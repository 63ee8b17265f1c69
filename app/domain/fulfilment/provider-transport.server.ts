import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { providers } from "../../db/schema.ts";
import { decryptApiKey } from "./api-key-cipher.server.ts";
import { httpTransport, type Transport } from "./provider-client.server.ts";
import { simulatedTransport } from "./simulated-provider.server.ts";

export type ProviderRow = typeof providers.$inferSelect;

// Decrypted keys by their stored form (a handful of providers): the worker sends many requests per second.
const clearKeys = new Map<string, string>();
const MAX_CLEAR_KEYS = 100;

function clearKeyOf(stored: string): string {
  let key = clearKeys.get(stored);
  if (key === undefined) {
    if (clearKeys.size >= MAX_CLEAR_KEYS) clearKeys.clear();
    key = decryptApiKey(stored);
    clearKeys.set(stored, key);
  }
  return key;
}

/** How to talk to a provider: in-process for the simulated one, over HTTP with its decrypted key otherwise. */
export function transportFor(db: Database, provider: ProviderRow): Transport {
  if (provider.isSimulated) return simulatedTransport(db);
  return httpTransport(provider.apiUrl, clearKeyOf(provider.apiKeyEncrypted));
}

/** Providers by id, for a round that talks to several. */
export async function loadProviders(db: Database): Promise<Map<string, ProviderRow>> {
  const rows = await db.select().from(providers);
  return new Map(rows.map((row) => [row.id, row]));
}

export async function findProvider(db: Database, providerId: string): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(providers).where(eq(providers.id, providerId));
  return row;
}
