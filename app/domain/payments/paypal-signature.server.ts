import { verify, X509Certificate } from "node:crypto";
import { crc32 } from "node:zlib";

/** The headers PayPal signs a webhook delivery with (Webhooks v1, the certificate method). */
export const PAYPAL_SIGNATURE_HEADERS = {
  transmissionId: "paypal-transmission-id",
  transmissionTime: "paypal-transmission-time",
  signature: "paypal-transmission-sig",
  certUrl: "paypal-cert-url",
  algorithm: "paypal-auth-algo",
} as const;

/** What PayPal signs: `transmissionId|transmissionTime|webhookId|crc32(raw body)`, the CRC as unsigned decimal. */
export function paypalSignedMessage(
  input: { transmissionId: string; transmissionTime: string; webhookId: string },
  rawBody: string,
): string {
  return `${input.transmissionId}|${input.transmissionTime}|${input.webhookId}|${crc32(Buffer.from(rawBody, "utf8"))}`;
}

/**
 * Where a signing certificate may come from: PayPal's own hosts over HTTPS, or the API address the shop is
 * configured with (a local stand-in outside production; in production env.server.ts requires a PayPal host).
 * Anything else could be a certificate of the sender's choosing, which would prove nothing.
 */
export function isTrustedCertUrl(certUrl: string, apiUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(certUrl);
  } catch {
    return false;
  }
  const paypalHost = url.hostname === "paypal.com" || url.hostname.endsWith(".paypal.com");
  if (url.protocol === "https:" && paypalHost && !url.username && !url.password) return true;
  return url.origin === new URL(apiUrl).origin;
}

const CERT_CACHE_LIMIT = 20;
const certificates = new Map<string, X509Certificate>();

/** PayPal's signing certificate, fetched once per URL (PayPal rotates it by changing the URL). */
async function certificateAt(certUrl: string): Promise<X509Certificate> {
  const known = certificates.get(certUrl);
  if (known) return known;
  const response = await fetch(certUrl, { redirect: "error", signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`certificate answered ${response.status}`);
  const pem = await response.text();
  if (pem.length > 64_000) throw new Error("certificate too large");
  // The first certificate of the chain PayPal serves is the one that signs.
  const certificate = new X509Certificate(pem);
  if (certificates.size >= CERT_CACHE_LIMIT) certificates.clear();
  certificates.set(certUrl, certificate);
  return certificate;
}

export type PaypalSignatureCheck =
  | { valid: true }
  | { valid: false; reason: "missing" | "untrusted certificate" | "certificate unavailable" | "mismatch" };

/**
 * Checks a PayPal webhook's signature over the raw body (docs/decisions/058): SHA256withRSA by the certificate at
 * PAYPAL-CERT-URL, which must be PayPal's (isTrustedCertUrl) and valid today, over the transmission id and time,
 * our webhook id and the body's CRC32. Nothing is asked of PayPal but the certificate, cached per URL.
 */
export async function verifyPaypalSignature(
  rawBody: string,
  headers: Headers,
  config: { webhookId: string; apiUrl: string },
  now = new Date(),
): Promise<PaypalSignatureCheck> {
  const transmissionId = headers.get(PAYPAL_SIGNATURE_HEADERS.transmissionId);
  const transmissionTime = headers.get(PAYPAL_SIGNATURE_HEADERS.transmissionTime);
  const signature = headers.get(PAYPAL_SIGNATURE_HEADERS.signature);
  const certUrl = headers.get(PAYPAL_SIGNATURE_HEADERS.certUrl);
  const algorithm = headers.get(PAYPAL_SIGNATURE_HEADERS.algorithm);
  if (!transmissionId || !transmissionTime || !signature || !certUrl)
    return { valid: false, reason: "missing" };
  if (algorithm && algorithm !== "SHA256withRSA") return { valid: false, reason: "mismatch" };
  if (!isTrustedCertUrl(certUrl, config.apiUrl)) return { valid: false, reason: "untrusted certificate" };
  let certificate: X509Certificate;
  try {
    certificate = await certificateAt(certUrl);
  } catch (error) {
    console.error(`PayPal signing certificate ${certUrl} could not be read: ${(error as Error).message}`);
    return { valid: false, reason: "certificate unavailable" };
  }
  if (now < new Date(certificate.validFrom) || now > new Date(certificate.validTo)) {
    return { valid: false, reason: "untrusted certificate" };
  }
  const message = paypalSignedMessage(
    { transmissionId, transmissionTime, webhookId: config.webhookId },
    rawBody,
  );
  const matches = verify(
    "sha256",
    Buffer.from(message),
    certificate.publicKey,
    Buffer.from(signature, "base64"),
  );
  return matches ? { valid: true } : { valid: false, reason: "mismatch" };
}
