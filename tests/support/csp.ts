/** The nonce a response's Content-Security-Policy admits for scripts. */
export function cspNonce(response: Response): string {
  const match = /script-src [^;]*'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "");
  if (!match?.[1]) throw new Error("no nonce in the CSP");
  return match[1];
}

/** Every script element of the page with the nonce it carries (null when none). */
export function scriptNonces(html: string): Array<string | null> {
  return [...html.matchAll(/<script\b([^>]*)>/g)].map(
    (match) => /\bnonce="([^"]*)"/.exec(match[1]!)?.[1] ?? null,
  );
}
