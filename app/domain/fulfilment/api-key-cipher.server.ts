import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "../../lib/env.server.ts";

// A key of its own, derived from AUTH_SECRET, so provider keys are unreadable in a database dump or backup.
// Derived once per secret: the worker decrypts a key for every request it sends.
let derived: { secret: string; key: Buffer } | null = null;
function cipherKey(): Buffer {
  const secret = env().authSecret;
  if (derived?.secret !== secret)
    derived = { secret, key: Buffer.from(hkdfSync("sha256", secret, "boostly", "provider-api-keys", 32)) };
  return derived.key;
}

/** Encrypts a provider's API key (AES-256-GCM): "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export function encryptApiKey(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", cipherKey(), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
}

/** The provider's API key in clear, for a request to it; throws if AUTH_SECRET changed since it was saved. */
export function decryptApiKey(stored: string): string {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== "v1" || !iv || !tag || sealed === undefined) throw new Error("Unreadable provider API key");
  const decipher = createDecipheriv("aes-256-gcm", cipherKey(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}

/** The part of a key that may be shown back: its last four characters. */
export function apiKeyHint(plain: string): string {
  return plain.slice(-4);
}
