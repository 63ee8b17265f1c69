import type { Request, Response } from "express";
import { CSP_NONCE_HEADER } from "../app/lib/csp-nonce.ts";
import type { ContentVersion } from "./content-version.ts";
import { type CachedBody, cachedBody, gzippedBody, NONCE_PLACEHOLDER, plainBody } from "./page-cache-body.ts";

/**
 * The visitor page cache (docs/decisions/028-visitor-page-cache.md): a page a visitor without per-visitor state
 * asks for is rendered once per address and content version, with a placeholder where the CSP nonce goes, and
 * served to every later visitor with that response's own nonce put in.
 */

/** For a CDN in front: shared caches keep a page briefly and may serve it stale while they fetch it again;
 * browsers revalidate every time (a 304 when nothing changed). */
export const VISITOR_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";
/** Everything else a page answers: signed-in pages, toasts, redirects, errors. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";
export const RENDER_CACHE_HEADER = "X-Render-Cache";

const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
/** A safety net only: content changes are heard at once; this bounds what a missed notice could keep. */
const MAX_AGE_MS = 10 * 60_000;

/** Paths that are never visitor pages (or never the same for two visitors). */
const UNCACHED_PATHS = /^\/(admin|admin-login|api|dev|logout|auto-orders|sandbox-checkout)(\/|$)/;
/** Cookies that change nothing on a page: the analytics visitor id and a hosted analytics tag's own. */
const NEUTRAL_COOKIE = /^(boostly_visitor|_ga(_.*)?|_gid)$/;
/** Headers of the render that are the cache's to set (or never cached). */
const NOT_REPLAYED = new Set([
  "cache-control",
  "content-length",
  "etag",
  "set-cookie",
  "vary",
  "content-encoding",
]);

type Entry = {
  headers: Array<[string, string]>;
  body: CachedBody;
  etag: string;
  storedAt: number;
};

/** A render with the placeholder nonce (the page handler's React Router call). */
export type PlaceholderRender = () => Promise<globalThis.Response>;
/** Sends a response React Router made, as the page handler always does. */
export type SendResponse = (res: Response, response: globalThis.Response) => Promise<void>;

export class VisitorPageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Entry | null>>();
  private bytes = 0;
  private readonly version: ContentVersion;

  constructor(version: ContentVersion) {
    this.version = version;
    version.onChange(() => this.clear());
  }

  /** True for a GET or HEAD of a storefront page by a visitor whose cookies change nothing on it. */
  accepts(req: Request): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (UNCACHED_PATHS.test(req.path) || req.path.endsWith(".data")) return false;
    if (!this.version.trusted) {
      this.version.start();
      return false;
    }
    return hasOnlyNeutralCookies(req.headers.cookie);
  }

  /** Answers from the cache, or renders (once for concurrent misses), stores when cacheable and answers. */
  async serve(req: Request, res: Response, render: PlaceholderRender, send: SendResponse): Promise<void> {
    const key = req.originalUrl;
    const nonce = String(req.headers[CSP_NONCE_HEADER] ?? "");
    const cached = this.lookup(key) ?? (await this.inFlight.get(key));
    if (cached) return answer(req, res, cached, nonce, "hit");

    const generation = this.version.generation;
    let settle: (entry: Entry | null) => void = () => {};
    this.inFlight.set(
      key,
      new Promise((resolve) => {
        settle = resolve;
      }),
    );
    let entry: Entry | null = null;
    try {
      const response = await render();
      if (!isCacheable(response)) {
        await sendUncached(res, response, nonce, send);
        return;
      }
      const html = await response.text();
      const body = cachedBody(html);
      entry = {
        headers: [...response.headers].filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase())),
        body,
        etag: `W/"${this.version.version}-${body.hash}"`,
        storedAt: Date.now(),
      };
      // A change heard while rendering may or may not be in this page: answer it, but never keep it.
      if (this.version.generation === generation && this.version.trusted) this.store(key, entry);
      answer(req, res, entry, nonce, "miss");
    } finally {
      this.inFlight.delete(key);
      settle(entry);
    }
  }

  clear() {
    this.entries.clear();
    this.inFlight.clear();
    this.bytes = 0;
  }

  private lookup(key: string): Entry | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    if (Date.now() - entry.storedAt > MAX_AGE_MS) {
      this.bytes -= entry.body.bytes;
      return null;
    }
    // Most recently used last: eviction takes from the front.
    this.entries.set(key, entry);
    return entry;
  }

  private store(key: string, entry: Entry) {
    if (entry.body.bytes > MAX_BYTES / 8) return;
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.body.bytes;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= old.body.bytes;
    }
  }
}

function hasOnlyNeutralCookies(header: string | undefined): boolean {
  if (!header) return true;
  for (const pair of header.split(";")) {
    const name = pair.slice(0, Math.max(pair.indexOf("="), 0)).trim();
    if (pair.trim() && !NEUTRAL_COOKIE.test(name)) return false;
  }
  return true;
}

/** Only a plain, successful page that sets nothing for its visitor and says nothing of its own caching. */
function isCacheable(response: globalThis.Response): boolean {
  return (
    response.status === 200 &&
    /^text\/html\b/i.test(response.headers.get("Content-Type") ?? "") &&
    !response.headers.has("Set-Cookie") &&
    !response.headers.has("Cache-Control")
  );
}

/** True when the request's If-None-Match names this entry (weak comparison, as for a GET). */
function notModified(req: Request, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === opaque;
  });
}

function answer(req: Request, res: Response, entry: Entry, nonce: string, outcome: "hit" | "miss") {
  for (const [name, value] of entry.headers) res.append(name, value);
  res.setHeader("Cache-Control", VISITOR_CACHE_CONTROL);
  res.setHeader("ETag", entry.etag);
  res.setHeader(RENDER_CACHE_HEADER, outcome);
  res.vary("Cookie");
  res.vary("Accept-Encoding");
  if (notModified(req, entry.etag)) {
    // A cache updates its stored headers from a 304: a new CSP here would name a nonce that the stored page's
    // scripts do not carry, and the browser would block them. Without one, the stored page keeps its own.
    res.removeHeader("Content-Security-Policy");
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  const gzip = acceptsGzip(req.headers["accept-encoding"]);
  const body = gzip ? gzippedBody(entry.body, nonce) : plainBody(entry.body, nonce);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.byteLength);
  res.status(200);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((item) => {
    const [coding, ...params] = item.trim().split(";");
    if (coding?.trim().toLowerCase() !== "gzip") return false;
    return !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(param));
  });
}

/** A response that is not kept: the placeholder nonce becomes this response's in an HTML body. */
async function sendUncached(res: Response, response: globalThis.Response, nonce: string, send: SendResponse) {
  res.setHeader(RENDER_CACHE_HEADER, "bypass");
  const headers = new Headers(response.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  let body: BodyInit | null = response.body;
  if (/^text\/html\b/i.test(headers.get("Content-Type") ?? "") && response.body) {
    body = (await response.text()).replaceAll(NONCE_PLACEHOLDER, nonce);
    headers.delete("Content-Length");
  }
  await send(
    res,
    new globalThis.Response(body, { status: response.status, statusText: response.statusText, headers }),
  );
}
