import { sql } from "drizzle-orm";
import { type Refusal, refuse } from "../refusal.ts";
import { PROVIDER_TEXT } from "./messages.ts";
import { httpTransport, ProviderError, readProviderBalance } from "./provider-client.server.ts";

/** Seconds the provider form waits for a panel's answer to its key check. */
const KEY_CHECK_TIMEOUT_MS = 10_000;

export type KeyChecked = { ok: true; balance: string; currency: string };

/**
 * Asks the panel at `apiUrl` for its balance with `apiKey` before a provider is saved (product rules 14.10): a
 * refusal (a wrong key: the panel's own `error`, quoted), an address that does not answer, or an answer that is not
 * a panel's is refused beside the field at fault, and nothing is saved.
 */
export async function checkProviderKey(apiUrl: string, apiKey: string): Promise<KeyChecked | Refusal> {
  try {
    const { balance, currency } = await readProviderBalance(
      httpTransport(apiUrl, apiKey, KEY_CHECK_TIMEOUT_MS),
    );
    return { ok: true, balance, currency };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const refused = error instanceof ProviderError && error.kind === "refused";
    const text = refused ? PROVIDER_TEXT.keyRefused(reason) : PROVIDER_TEXT.keyCheckFailed(reason);
    return refuse("invalid", PROVIDER_TEXT.keyNotChecked(text), {
      fieldErrors: { [refused ? "apiKey" : "apiUrl"]: text },
    });
  }
}

/** The columns a balance answer sets on a provider: its balance, currency and when it was read (13.20). */
export function balanceColumns(checked: { balance: string; currency: string }) {
  // The currency its balance names is the currency of its rates too (product rules 13.20).
  const code = checked.currency.trim().toUpperCase();
  return {
    balance: checked.balance.slice(0, 30),
    balanceCurrency: checked.currency.slice(0, 10),
    ...(/^[A-Z]{3}$/.test(code) ? { currency: code } : {}),
    balanceCheckedAt: sql`now()`,
  };
}
