import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { db } from "../app/db/client.server.ts";
import { type CurrentUser, rememberCurrentUser } from "../app/domain/accounts/session.server.ts";
import { CSP_NONCE_HEADER } from "../app/lib/csp-nonce.ts";
import { requestContext } from "../app/lib/database-context.server.ts";
import { AccountPageCache } from "./account-page-cache.ts";
import { bufferedBody } from "./body-policy.ts";
import { type PageAddress, pageAddresses } from "./page-address.ts";
import { NONCE_PLACEHOLDER } from "./page-cache-body.ts";
import { PRIVATE_CACHE_CONTROL } from "./rendered-pages.ts";
import { VisitorPageCache } from "./visitor-page-cache.ts";

/** The render caches of a built app (the development server has none), and how they name a page. */
type PageCaches = {
  visitors: VisitorPageCache;
  accounts: AccountPageCache;
  address: (path: string, search: string) => PageAddress | null;
};

/**
 * React Router's request handler for Express, fed the body the edge already read (server/body-policy.ts) rather
 * than the socket: a page action can then never read more than its route's limit, nor wait on a slow client.
 * (The stock Express adapter streams the socket itself; apart from the body this does what it does.)
 * Each request's React Router context carries the database (app/lib/database-context.server.ts): route modules
 * read it from there instead of importing the database.
 * A built app answers a visitor's page from the visitor page cache and a customer's dashboard from the account page
 * cache (docs/decisions/035-versioned-page-caches.md); every other answer that says nothing of its caching is
 * private and never stored.
 */
export function pageHandler(build: ServerBuild | (() => Promise<ServerBuild>), mode: string) {
  const handle = createRequestHandler(build, mode);
  const caches: PageCaches | null =
    typeof build === "function"
      ? null
      : { visitors: new VisitorPageCache(), accounts: new AccountPageCache(), address: pageAddresses(build) };
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const reads = req.method === "GET" || req.method === "HEAD";
      const address =
        caches && reads ? caches.address(req.path, req.originalUrl.slice(req.path.length)) : null;
      if (caches && address) {
        // Rendered as a GET (a HEAD is answered from the same page) with the placeholder nonce, from the kept
        // address (or, for an answer that is not kept, the one asked); `customer` is the account just read for it.
        const render = (customer?: CurrentUser) => (url: string) => {
          const request = fetchRequest(req, res, { cacheable: url });
          if (customer) rememberCurrentUser(request, customer);
          return handle(request, requestContext(db()));
        };
        if (caches.visitors.accepts(req)) {
          await caches.visitors.serve(req, res, address, render(), sendResponse);
          return;
        }
        const customer = await caches.accounts.customerOf(req);
        if (customer) {
          await caches.accounts.serve(req, res, customer, address, render(customer), sendResponse);
          return;
        }
      }
      const response = await handle(fetchRequest(req, res), requestContext(db()));
      if (!response.headers.has("Cache-Control")) res.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The request React Router renders; `cacheable`: the address a cache renders, as a GET with the placeholder nonce. */
function fetchRequest(
  req: Request,
  res: Response,
  { cacheable }: { cacheable?: string } = {},
): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  if (cacheable) headers.set(CSP_NONCE_HEADER, NONCE_PLACEHOLDER);
  // Express resolves the host name (with trust proxy, from X-Forwarded-Host); the port comes with it. A request
  // without a Host header (HTTP/1.0 allows it) has none: it is answered as this server's own pages.
  const forwarded = req.app.enabled("trust proxy") ? req.get("x-forwarded-host")?.split(":")[1] : undefined;
  const port = forwarded ?? req.get("host")?.split(":")[1];
  const host = `${(req.hostname ?? "").split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  const controller = new AbortController();
  let finished = false;
  res.on("finish", () => {
    finished = true;
  });
  res.on("close", () => {
    if (!finished) controller.abort();
  });
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : bufferedBody(res);
  return new globalThis.Request(`${req.protocol}://${host}${cacheable ?? req.originalUrl}`, {
    method: cacheable ? "GET" : req.method,
    headers,
    signal: controller.signal,
    body: body ? new Uint8Array(body) : undefined,
  });
}

async function sendResponse(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  // Server-Sent Events must reach the browser at once, not with the first event.
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  // A page is rendered whole before it is sent (no route streams deferred data): its chunks go out as one write,
  // so gzip compresses it in one pass instead of one per chunk (docs/decisions/029-lean-request-path.md).
  if (/^text\/html/i.test(response.headers.get("Content-Type") ?? "")) {
    const body = Buffer.from(await response.arrayBuffer());
    if (!res.destroyed) res.end(body);
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
