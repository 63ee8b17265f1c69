const BASE = "http://boostly.local";

/**
 * The one normaliser of every `next`, return path and redirect target a request may choose: only a path on this
 * site is kept (never another site, `//host` or `/\host`), and it comes back percent-encoded, so any text a
 * visitor sends (spaces, non-Latin letters, control characters) makes a valid Location header. Anything else
 * gives `fallback`.
 */
export function safeNextPath(next: string | null | undefined, fallback = "/dashboard"): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
