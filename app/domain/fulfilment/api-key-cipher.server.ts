import { openSecret, sealSecret, secretHint } from "../../lib/sealed-secret.server.ts";

/** Encrypts a provider's API key with the provider keys' own key (app/lib/sealed-secret.server.ts). */
export function encryptApiKey(plain: string): string {
  return sealSecret("provider-api-keys", plain);
}

/** The provider's API key in clear, for a request to it; throws if AUTH_SECRET changed since it was saved. */
export function decryptApiKey(stored: string): string {
  return openSecret("provider-api-keys", stored);
}

/** The part of a key that may be shown back: its last four characters. */
export const apiKeyHint = secretHint;
