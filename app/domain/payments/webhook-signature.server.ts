import { createHmac, timingSafeEqual } from "node:crypto";

/** Signed events older (or newer) than this are refused, so a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** The sandbox's header, formatted like Stripe's `Stripe-Signature`: `t=<unix seconds>,v1=<hex hmac>`. */
export const SANDBOX_SIGNATURE_HEADER = "boostly-signature";

/** The sandbox webhook secret: derived from AUTH_SECRET, so no extra setting and never guessable from outside. */
export function sandboxWebhookSecret(authSecret: string): string {
  return createHmac("sha256", authSecret).update("boostly:sandbox-webhook-secret").digest("hex");
}

function hmacHex(secret: string, timestamp: number, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
}

/** The signature header value for a raw body, as the provider would send it. */
export function signWebhookBody(rawBody: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

export type SignatureCheck =
  | { valid: true }
  | { valid: false; reason: "missing" | "malformed" | "stale" | "mismatch" };

/** Checks a `t=...,v1=...` header against the raw body: HMAC-SHA256 compared in constant time, 5-minute window. */
export function verifyWebhookSignature(
  rawBody: string,
  header: string | null,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (!header) return { valid: false, reason: "missing" };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === "v1" && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return { valid: false, reason: "malformed" };
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return { valid: false, reason: "stale" };
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), "hex");
  const matches = signatures.some((signature) => timingSafeEqual(Buffer.from(signature, "hex"), expected));
  return matches ? { valid: true } : { valid: false, reason: "mismatch" };
}
