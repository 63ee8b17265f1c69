import { serializeJsonLd } from "../../domain/seo/json-ld.ts";
import { useNonce } from "../../lib/csp-nonce.ts";

/**
 * Structured data for search engines in a nonce'd application/ld+json script (the CSP allows no other inline
 * script). The JSON escapes "<", ">" and "&", so no text inside it can close the element.
 */
export function JsonLdScript({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON from serializeJsonLd, with "<" written as \u003c.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
