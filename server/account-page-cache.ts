import type { Request, Response } from "express";
import {
  accountOfCookieHeader,
  type CurrentUser,
  sessionCookieName,
} from "../app/domain/accounts/session.server.ts";
import { cookieNames } from "../app/lib/cookie-header.ts";
import type { PageAddress } from "./page-address.ts";
import {
  type PlaceholderRender,
  PRIVATE_CACHE_CONTROL,
  RENDER_CACHE_HEADER,
  RenderedPages,
  type SendResponse,
  sendRenderedPage,
  sendUncached,
} from "./rendered-pages.ts";
import { NEUTRAL_COOKIE } from "./visitor-page-cache.ts";

/**
 * The account page cache (docs/decisions/032-account-page-cache.md, 035-versioned-page-caches.md): a signed-in
 * customer's dashboard is rendered once per customer, page version and address, and served again while those
 * stay. The session query that runs on every request reads the customer's page version (moved in the same
 * transaction as anything their pages show) and the content version, so a change made by any server, worker or
 * script shows on the very next page, and a page is never answered to anyone but its customer, nor after sign-out.
 */

/** The pages kept: the customer's own dashboard, on its plain address or one of its tabs. */
const ACCOUNT_PAGES = new Set(["/dashboard"]);
/**
 * A dashboard is ~25 KB kept (compressed only): over a thousand customers' pages per server, and at most eight
 * of one customer's (tabs, older versions), so no customer can push out anyone else's.
 */
const LIMITS = { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024, maxVariantsPerGroup: 8 };

export class AccountPageCache {
  private readonly pages = new RenderedPages(LIMITS);

  /**
   * The signed-in customer of a GET or HEAD of a kept page whose other cookies change nothing on it (a toast, for
   * one, does), read with their page version; or null: then the page handler renders as for any other request.
   */
  async customerOf(req: Request): Promise<CurrentUser | null> {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    if (!ACCOUNT_PAGES.has(req.path)) return null;
    const session = await sessionCookieName();
    const names = cookieNames(req.headers.cookie);
    if (!names.includes(session)) return null;
    if (!names.every((name) => name === session || NEUTRAL_COOKIE.test(name))) return null;
    return accountOfCookieHeader(req.headers.cookie ?? null);
  }

  /** Answers the customer's page from the cache, or renders (once for concurrent misses), keeps and answers it. */
  async serve(
    req: Request,
    res: Response,
    customer: CurrentUser,
    address: PageAddress,
    render: PlaceholderRender,
    send: SendResponse,
  ): Promise<void> {
    const slot = { key: `${customer.id} ${customer.pageVersion} ${address.url}`, group: customer.id };
    const result = await this.pages.page(slot, () => render(address.url));
    if (!result.page) {
      res.setHeader(RENDER_CACHE_HEADER, "bypass");
      await sendUncached(req, res, { response: result.response, address }, render, send);
      return;
    }
    res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    res.setHeader(RENDER_CACHE_HEADER, result.outcome);
    sendRenderedPage(req, res, result.page);
  }
}
