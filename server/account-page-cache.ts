import type { Request, Response } from "express";
import { accountOfCookieHeader, sessionCookieName } from "../app/domain/accounts/session.server.ts";
import { cookieNames, cookieValue } from "../app/lib/cookie-header.ts";
import { CSP_NONCE_HEADER } from "../app/lib/csp-nonce.ts";
import type { AccountChanges } from "./account-changes.ts";
import type { ContentVersion } from "./content-version.ts";
import {
  type PlaceholderRender,
  RenderedPages,
  type SendResponse,
  sendRenderedPage,
  sendUncached,
} from "./rendered-pages.ts";
import { NEUTRAL_COOKIE, PRIVATE_CACHE_CONTROL, RENDER_CACHE_HEADER } from "./visitor-page-cache.ts";

/**
 * The account page cache (docs/decisions/032-account-page-cache.md): a signed-in customer's dashboard is rendered
 * once per customer and address, and served again until anything it shows changes: a NOTIFY from the database
 * names the customer (drizzle/0017_account_changed_notify.sql), a content change empties it all. The session is
 * read fresh on every request, so a page is never answered to anyone but its customer, nor after sign-out.
 */

/** The pages kept: the customer's own dashboard, on its plain address or one of its tabs. */
const ACCOUNT_PAGES = new Set(["/dashboard"]);
const KEPT_QUERY = /^(\?tab=[a-z-]{1,20})?$/;
/** A dashboard is ~25 KB kept (compressed only): over a thousand customers' pages per server. */
const LIMITS = { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024 };
/** Posts that change nothing a customer's page shows: the pages' own analytics beacon, sent on every view. */
const POSTS_THAT_CHANGE_NO_PAGE = new Set(["/api/events"]);
/** Sessions whose customer this server has read, for forgetting a customer's pages after their own writes. */
const MAX_SESSIONS_REMEMBERED = 10_000;

export class AccountPageCache {
  private readonly pages = new RenderedPages(LIMITS);
  private readonly changes: AccountChanges;
  private readonly version: ContentVersion;
  private readonly customerOfSession = new Map<string, string>();

  constructor(changes: AccountChanges, version: ContentVersion) {
    this.changes = changes;
    this.version = version;
    changes.onChange((userId) => this.pages.forget(userId));
    version.onChange(() => this.pages.forget(null));
  }

  /**
   * The signed-in customer of a GET or HEAD of a kept page whose other cookies change nothing on it (a toast, for
   * one, does), or null: then the page handler renders as for any other request.
   */
  async customerOf(req: Request): Promise<string | null> {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    if (!ACCOUNT_PAGES.has(req.path) || !KEPT_QUERY.test(req.originalUrl.slice(req.path.length))) return null;
    if (!this.changes.trusted || !this.version.trusted) {
      this.changes.start();
      this.version.start();
      return null;
    }
    const session = await sessionCookieName();
    const sent = cookieValue(req.headers.cookie, session);
    if (sent === undefined) return null;
    const others = cookieNames(req.headers.cookie).filter((name) => name !== session);
    if (!others.every((name) => NEUTRAL_COOKIE.test(name))) return null;
    const account = await accountOfCookieHeader(req.headers.cookie ?? null);
    if (!account) return null;
    if (this.customerOfSession.size >= MAX_SESSIONS_REMEMBERED) this.customerOfSession.clear();
    this.customerOfSession.set(sent, account.id);
    return account.id;
  }

  /**
   * A customer's own change (a form post, a sign-out) shows on their next page from this process at once, without
   * waiting for its NOTIFY: once the answer is sent (after the commit), their pages and renders are forgotten.
   */
  forgetAfterWrite(req: Request, res: Response) {
    if (req.method === "GET" || req.method === "HEAD" || !req.headers.cookie) return;
    if (POSTS_THAT_CHANGE_NO_PAGE.has(req.path)) return;
    void sessionCookieName().then((session) => {
      const sent = cookieValue(req.headers.cookie, session);
      if (!sent) return;
      // "close" comes after the answer is sent, or when the client left first (after the commit or not).
      res.once("close", () => {
        const customerId = this.customerOfSession.get(sent);
        if (customerId) this.pages.forget(customerId);
      });
    });
  }

  /** Answers the customer's page from the cache, or renders (once for concurrent misses), keeps and answers it. */
  async serve(
    req: Request,
    res: Response,
    customerId: string,
    render: PlaceholderRender,
    send: SendResponse,
  ): Promise<void> {
    const nonce = String(req.headers[CSP_NONCE_HEADER] ?? "");
    const key = `${customerId} ${req.originalUrl}`;
    const result = await this.pages.page(
      key,
      customerId,
      render,
      () => this.changes.trusted && this.version.trusted,
    );
    if (!result.page) {
      res.setHeader(RENDER_CACHE_HEADER, "bypass");
      await sendUncached(res, result.response, nonce, send, PRIVATE_CACHE_CONTROL);
      return;
    }
    res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    res.setHeader(RENDER_CACHE_HEADER, result.outcome);
    sendRenderedPage(req, res, result.page, nonce);
  }
}
