import type { Request, Response } from "express";
import { db } from "../app/db/client.server.ts";
import { readContentVersion } from "../app/domain/content/content-version.server.ts";
import { SHOP_FIGURES_MAX_AGE_MINUTES } from "../app/domain/content/shop-figures.ts";
import { cookieNames } from "../app/lib/cookie-header.ts";
import { FreshRead } from "./fresh-read.ts";
import type { PageAddress } from "./page-address.ts";
import {
  type PlaceholderRender,
  RENDER_CACHE_HEADER,
  RenderedPages,
  type SendResponse,
  sendRenderedPage,
  sendUncached,
} from "./rendered-pages.ts";

/**
 * The visitor page cache (docs/decisions/028-visitor-page-cache.md, 035-versioned-page-caches.md): a page a visitor
 * without per-visitor state asks for is rendered once per address and content version, with a placeholder where
 * the CSP nonce goes, and served to every later visitor with that response's own nonce put in. The content version
 * is read from PostgreSQL for every request (one read shared by concurrent requests, never older than the
 * request), so a page is never served after a change committed anywhere. The shop's figures (customers, support's
 * reply time: product rules 7.10, 7.11) move no version, so a key also names its period of
 * `SHOP_FIGURES_MAX_AGE_MINUTES`: no kept page shows a figure older than that.
 */

/**
 * Browsers revalidate every time (a 304 when nothing changed); shared caches (a CDN in front) keep nothing: each
 * answer's Content-Security-Policy names a nonce of its own, and a shared cache would hand one nonce to many
 * visitors (docs/decisions/028, amended). The servers' own render cache is what makes these pages cheap.
 */
export const VISITOR_CACHE_CONTROL = "private, max-age=0";

/**
 * How many pages, and how many bytes of them, a server keeps for visitors; and how many variants of one address
 * (its read parameters, its content versions): a flood of `/help?q=N` keeps at most that many help pages.
 */
const LIMITS = { maxEntries: 500, maxBytes: 64 * 1024 * 1024, maxVariantsPerGroup: 8 };

/** Paths that are never visitor pages (or never the same for two visitors). */
const UNCACHED_PATHS = /^\/(admin|admin-login|api|dev|logout|auto-orders|sandbox-checkout)(\/|$)/;
/** Cookies that change nothing on a page: the analytics visitor id and a hosted analytics tag's own. */
export const NEUTRAL_COOKIE = /^(boostly_visitor|_ga(_.*)?|_gid)$/;

export class VisitorPageCache {
  private readonly pages = new RenderedPages(LIMITS);
  private readonly contentVersion = new FreshRead(() => readContentVersion(db()));

  /** True for a GET or HEAD of a storefront page by a visitor whose cookies change nothing on it. */
  accepts(req: Request): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (UNCACHED_PATHS.test(req.path) || req.path.endsWith(".data")) return false;
    return cookieNames(req.headers.cookie).every((name) => NEUTRAL_COOKIE.test(name));
  }

  /**
   * Answers from the cache, or renders `address` (once for concurrent misses), stores it when cacheable and
   * answers.
   */
  async serve(
    req: Request,
    res: Response,
    address: PageAddress,
    render: PlaceholderRender,
    send: SendResponse,
  ): Promise<void> {
    const version = await this.contentVersion.get();
    const result = await this.pages.page(
      { key: `${version} ${figuresPeriod()} ${address.url}`, group: address.path },
      () => render(address.url),
    );
    if (!result.page) {
      res.setHeader(RENDER_CACHE_HEADER, "bypass");
      await sendUncached(req, res, { response: result.response, address }, render, send);
      return;
    }
    const etag = `W/"${version}-${result.page.body.hash}"`;
    res.setHeader("Cache-Control", VISITOR_CACHE_CONTROL);
    res.setHeader("ETag", etag);
    res.setHeader(RENDER_CACHE_HEADER, result.outcome);
    if (notModified(req, etag)) {
      // A cache updates its stored headers from a 304: a new CSP here would name a nonce that the stored page's
      // scripts do not carry, and the browser would block them. Without one, the stored page keeps its own.
      res.vary("Cookie");
      res.vary("Accept-Encoding");
      res.removeHeader("Content-Security-Policy");
      res.status(304).end();
      return;
    }
    sendRenderedPage(req, res, result.page);
  }
}

/** The period of the shop's figures a page rendered now belongs to: a new one every SHOP_FIGURES_MAX_AGE_MINUTES. */
function figuresPeriod(): number {
  return Math.floor(Date.now() / (SHOP_FIGURES_MAX_AGE_MINUTES * 60_000));
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
