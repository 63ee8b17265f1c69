import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "./env.server.ts";

/**
 * What a sealed secret is for; each purpose has a key of its own derived from AUTH_SECRET, so a secret sealed for
 * one use cannot be opened as another's.
 */
export type SecretPurpose = "provider-api-keys" | "payment-gateway-secrets";

// Derived once per secret and purpose: the fulfilment worker opens a key for every request it sends.
const derived = new Map<string, Buffer>();
function keyFor(purpose: SecretPurpose): Buffer {
  const secret = env().authSecret;
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = derived.get(cacheKey);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "boostly", purpose, 32));
    derived.set(cacheKey, key);
  }
  return key;
}

/**
 * Seals a secret (AES-256-GCM) so it is unreadable in a database dump or a backup: "v1.<iv>.<tag>.<ciphertext>",
 * base64url parts.
 */
export function sealSecret(purpose: SecretPurpose, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
}

/** The secret in clear; throws if it was altered, sealed for another purpose, or AUTH_SECRET changed since. */
export function openSecret(purpose: SecretPurpose, stored: string): string {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !tag || sealed === undefined) throw new Error("Unreadable sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}

/** The part of a secret that may be shown back: its last four characters. */
export function secretHint(plain: string): string {
  return plain.slice(-4);
}
