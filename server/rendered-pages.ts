import type { Request, Response } from "express";
import { type CachedBody, cachedBody, gzippedBody, NONCE_PLACEHOLDER, plainBody } from "./page-cache-body.ts";

/**
 * What the visitor page cache and the account page cache share (docs/decisions/028-visitor-page-cache.md,
 * 032-account-page-cache.md): pages rendered with the placeholder nonce, kept by key in a bounded store (least
 * recently used out first), rendered once for concurrent misses, and forgotten by owner when a change is heard.
 */

/** Headers of the render that are the cache's to set (or never cached). */
const NOT_REPLAYED = new Set([
  "cache-control",
  "content-length",
  "etag",
  "set-cookie",
  "vary",
  "content-encoding",
]);

export type RenderedPage = {
  headers: Array<[string, string]>;
  body: CachedBody;
  storedAt: number;
  /** Whose page it is (a customer's id), or null for a page every visitor gets. */
  owner: string | null;
};

/** A render with the placeholder nonce (the page handler's React Router call). */
export type PlaceholderRender = () => Promise<globalThis.Response>;
/** Sends a response React Router made, as the page handler always does. */
export type SendResponse = (res: Response, response: globalThis.Response) => Promise<void>;

export type RenderOutcome =
  | { page: RenderedPage; outcome: "hit" | "miss" }
  | { page: null; response: globalThis.Response };

type Flight = { owner: string | null; stale: boolean; page: Promise<RenderedPage | null> };

/**
 * A kept page's longest life. A safety net only: changes are heard at once; this bounds what a missed notice
 * could keep.
 */
const MAX_AGE_MS = 10 * 60_000;

export type StoreLimits = { maxEntries: number; maxBytes: number };

export class RenderedPages {
  private readonly entries = new Map<string, RenderedPage>();
  private readonly keysOfOwner = new Map<string, Set<string>>();
  private readonly inFlight = new Map<string, Flight>();
  private bytes = 0;
  private readonly limits: StoreLimits;

  constructor(limits: StoreLimits) {
    this.limits = limits;
  }

  /**
   * The kept page for `key`, or the one a concurrent request is rendering, or a render of its own: kept when it is
   * cacheable, nothing about its owner changed while it rendered and `keep()` still says so; a response that is not
   * cacheable comes back as it is.
   */
  async page(key: string, owner: string | null, render: PlaceholderRender, keep: () => boolean) {
    const kept = this.lookup(key);
    if (kept) return { page: kept, outcome: "hit" } as const;
    const flight = this.inFlight.get(key);
    const joined = flight && !flight.stale ? await flight.page : null;
    if (joined) return { page: joined, outcome: "hit" } as const;
    return this.render(key, owner, render, keep);
  }

  /** Forgets the pages of `owner` (null: every page), and keeps none of the renders now running for them. */
  forget(owner: string | null) {
    if (owner === null) {
      this.entries.clear();
      this.keysOfOwner.clear();
      this.bytes = 0;
    } else {
      for (const key of this.keysOfOwner.get(owner) ?? []) this.remove(key);
    }
    for (const [key, flight] of this.inFlight) {
      if (owner !== null && flight.owner !== owner) continue;
      flight.stale = true;
      this.inFlight.delete(key);
    }
  }

  private async render(
    key: string,
    owner: string | null,
    render: PlaceholderRender,
    keep: () => boolean,
  ): Promise<RenderOutcome> {
    let settle: (page: RenderedPage | null) => void = () => {};
    const flight: Flight = {
      owner,
      stale: false,
      page: new Promise((resolve) => {
        settle = resolve;
      }),
    };
    this.inFlight.set(key, flight);
    let page: RenderedPage | null = null;
    try {
      const response = await render();
      if (!isCacheable(response)) return { page: null, response };
      page = {
        headers: [...response.headers].filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase())),
        body: cachedBody(await response.text()),
        storedAt: Date.now(),
        owner,
      };
      // A change heard while rendering may or may not be in this page: answer it, but never keep it.
      if (!flight.stale && keep()) this.store(key, page);
      return { page, outcome: "miss" };
    } finally {
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
      settle(page);
    }
  }

  private lookup(key: string): RenderedPage | null {
    const page = this.entries.get(key);
    if (!page) return null;
    if (Date.now() - page.storedAt > MAX_AGE_MS) {
      this.remove(key);
      return null;
    }
    // Most recently used last: eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, page);
    return page;
  }

  private store(key: string, page: RenderedPage) {
    if (page.body.bytes > this.limits.maxBytes / 8) return;
    this.remove(key);
    this.entries.set(key, page);
    this.bytes += page.body.bytes;
    if (page.owner !== null) {
      let keys = this.keysOfOwner.get(page.owner);
      if (!keys) {
        keys = new Set();
        this.keysOfOwner.set(page.owner, keys);
      }
      keys.add(key);
    }
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string) {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= page.body.bytes;
    if (page.owner === null) return;
    const keys = this.keysOfOwner.get(page.owner);
    keys?.delete(key);
    if (keys?.size === 0) this.keysOfOwner.delete(page.owner);
  }
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

/** Sends a kept page's headers and body with this response's nonce, gzipped when the client takes gzip. */
export function sendRenderedPage(req: Request, res: Response, page: RenderedPage, nonce: string) {
  for (const [name, value] of page.headers) res.append(name, value);
  res.vary("Cookie");
  res.vary("Accept-Encoding");
  const gzip = acceptsGzip(req.headers["accept-encoding"]);
  const body = gzip ? gzippedBody(page.body, nonce) : plainBody(page.body, nonce);
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
export async function sendUncached(
  res: Response,
  response: globalThis.Response,
  nonce: string,
  send: SendResponse,
  cacheControl: string,
) {
  const headers = new Headers(response.headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", cacheControl);
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
