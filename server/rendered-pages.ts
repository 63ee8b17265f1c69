import type { Request, Response } from "express";
import { CSP_NONCE_HEADER } from "../app/lib/csp-nonce.ts";
import type { PageAddress } from "./page-address.ts";
import { type CachedBody, cachedBody, gzippedBody, NONCE_PLACEHOLDER, plainBody } from "./page-cache-body.ts";

/** Every page answer the caches do not keep, and a customer's kept page: never stored by anyone else. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/** Says whether a page came from a cache: `hit`, `miss` or `bypass` (rendered, not kept). */
export const RENDER_CACHE_HEADER = "X-Render-Cache";

/**
 * What the visitor page cache and the account page cache share (docs/decisions/035-versioned-page-caches.md):
 * pages rendered with the placeholder nonce, kept under a key that holds the versions of everything they show, in
 * a bounded store (least recently used out first), rendered once for concurrent misses. Nothing is ever forgotten
 * on a notice: a change moves the versions, so the next request asks for another key, and the old page ages out.
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
};

/**
 * Where a page is kept: `key` names exactly what it shows (versions and normalised address); `group` is what its
 * variants are counted by (a page's address for visitors, a customer for their own pages), so no flood of
 * variants of one page, or of one customer's, can push anyone else's pages out.
 */
export type PageSlot = { key: string; group: string };

/** A render of an address with the placeholder nonce (the page handler's React Router call). */
export type PlaceholderRender = (url: string) => Promise<globalThis.Response>;
/** Sends a response React Router made, as the page handler always does. */
export type SendResponse = (res: Response, response: globalThis.Response) => Promise<void>;

export type RenderOutcome =
  | { page: RenderedPage; outcome: "hit" | "miss" }
  | { page: null; response: globalThis.Response };

export type StoreLimits = { maxEntries: number; maxBytes: number; maxVariantsPerGroup: number };

type Entry = { page: RenderedPage; group: string };

export class RenderedPages {
  private readonly entries = new Map<string, Entry>();
  /** Each group's keys, least recently used first. */
  private readonly groups = new Map<string, Set<string>>();
  private readonly inFlight = new Map<string, Promise<RenderedPage | null>>();
  private bytes = 0;
  private readonly limits: StoreLimits;

  constructor(limits: StoreLimits) {
    this.limits = limits;
  }

  /**
   * The kept page of `slot`, or the one a concurrent request for the same key is rendering, or a render of its own:
   * kept when it is cacheable; a response that is not cacheable comes back as it is.
   */
  async page(slot: PageSlot, render: () => Promise<globalThis.Response>): Promise<RenderOutcome> {
    const kept = this.lookup(slot.key);
    if (kept) return { page: kept, outcome: "hit" };
    const flight = this.inFlight.get(slot.key);
    const joined = flight ? await flight : null;
    if (joined) return { page: joined, outcome: "hit" };
    return this.render(slot, render);
  }

  /** How many pages are kept (for tests of the bounds). */
  get size(): number {
    return this.entries.size;
  }

  private async render(slot: PageSlot, render: () => Promise<globalThis.Response>): Promise<RenderOutcome> {
    let settle: (page: RenderedPage | null) => void = () => {};
    const flight = new Promise<RenderedPage | null>((resolve) => {
      settle = resolve;
    });
    this.inFlight.set(slot.key, flight);
    let page: RenderedPage | null = null;
    try {
      const response = await render();
      if (!isCacheable(response)) return { page: null, response };
      page = {
        headers: [...response.headers].filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase())),
        body: cachedBody(await response.text()),
      };
      this.store(slot, page);
      return { page, outcome: "miss" };
    } finally {
      if (this.inFlight.get(slot.key) === flight) this.inFlight.delete(slot.key);
      settle(page);
    }
  }

  private lookup(key: string): RenderedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    // Most recently used last, in the store and in its group: eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const keys = this.groups.get(entry.group);
    keys?.delete(key);
    keys?.add(key);
    return entry.page;
  }

  private store(slot: PageSlot, page: RenderedPage) {
    if (page.body.bytes > this.limits.maxBytes / 8) return;
    this.remove(slot.key);
    let keys = this.groups.get(slot.group);
    if (!keys) {
      keys = new Set();
      this.groups.set(slot.group, keys);
    }
    for (const oldest of keys) {
      if (keys.size < this.limits.maxVariantsPerGroup) break;
      this.remove(oldest);
    }
    this.entries.set(slot.key, { page, group: slot.group });
    keys.add(slot.key);
    this.bytes += page.body.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.page.body.bytes;
    const keys = this.groups.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) this.groups.delete(entry.group);
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
export function sendRenderedPage(req: Request, res: Response, page: RenderedPage) {
  const nonce = String(req.headers[CSP_NONCE_HEADER] ?? "");
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

/**
 * A response that is not kept (a redirect, an error, a cookie): rendered again from the address asked when the kept
 * address left some of its query out (a login redirect keeps the whole address in its `next`), and its placeholder
 * nonce becomes this response's in an HTML body.
 */
export async function sendUncached(
  req: Request,
  res: Response,
  rendered: { response: globalThis.Response; address: PageAddress },
  render: PlaceholderRender,
  send: SendResponse,
) {
  let response = rendered.response;
  if (rendered.address.leftOut) {
    await response.body?.cancel();
    response = await render(req.originalUrl);
  }
  const nonce = String(req.headers[CSP_NONCE_HEADER] ?? "");
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
