import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { CLIENT_IP_HEADER } from "../app/domain/security/rate-limit.server.ts";
import { CSP_NONCE_HEADER } from "../app/lib/csp-nonce.ts";
import type { Env } from "../app/lib/env.server.ts";

/**
 * Paths that take state-changing requests from other origins: they authenticate by signature. (The reseller
 * API, authenticated by key, is mounted before this guard: server/reseller-api.ts.)
 */
const CROSS_ORIGIN_PATHS = ["/api/webhooks/"];
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Hosts of the optional third-party analytics tag: allowed in the CSP only when one is configured. */
export function analyticsHosts(env: Pick<Env, "plausibleDomain" | "gaMeasurementId">) {
  const scripts: string[] = [];
  const connects: string[] = [];
  if (env.plausibleDomain) {
    scripts.push("https://plausible.io");
    connects.push("https://plausible.io");
  }
  if (env.gaMeasurementId) {
    scripts.push("https://www.googletagmanager.com");
    connects.push(
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://www.googletagmanager.com",
    );
  }
  return {
    scripts: scripts.map((host) => ` ${host}`).join(""),
    connects: connects.map((host) => ` ${host}`).join(""),
  };
}

/** Sets the security headers of every response and a fresh CSP nonce for the page's scripts. */
export function securityHeaders(env: Env) {
  const analytics = analyticsHosts(env);
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    // Handed to the document renderer as a request header; always overwritten, so a client cannot choose it.
    req.headers[CSP_NONCE_HEADER] = nonce;
    // The socket's address (or the proxy's, with TRUST_PROXY) for per-client rate limits; same rule.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    const scriptSrc = `script-src 'self' 'nonce-${nonce}'${analytics.scripts}${env.isProduction ? "" : " 'unsafe-eval'"}`;
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        scriptSrc,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https:",
        `connect-src 'self'${analytics.connects}${env.isProduction ? "" : " ws: wss:"}`,
        "font-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self' https://checkout.stripe.com",
        "frame-ancestors 'none'",
      ].join("; "),
    );
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (env.isProduction) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    next();
  };
}

/** True when a state-changing request provably comes from one of our own pages. */
export function isSameOriginRequest(
  headers: { origin?: string; "sec-fetch-site"?: string; host?: string },
  appUrl: string,
  protocol: string,
): boolean {
  if (headers["sec-fetch-site"] === "same-origin") return true;
  const origin = headers.origin;
  if (!origin || origin === "null") return false;
  if (origin === new URL(appUrl).origin) return true;
  return headers.host !== undefined && origin === `${protocol}://${headers.host}`;
}

/** `path` is `exempt` itself or below it ("/api/v2" and "/api/v2/..." but not "/api/v2-admin"). */
function isUnder(path: string, exempt: string): boolean {
  if (exempt.endsWith("/")) return path.startsWith(exempt);
  return path === exempt || path.startsWith(`${exempt}/`);
}

/** Refuses (403) any state-changing browser request that does not come from our own site (product rules 10.2). */
export function sameOriginGuard(env: Env) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (CROSS_ORIGIN_PATHS.some((exempt) => isUnder(req.path, exempt))) return next();
    if (isSameOriginRequest(req.headers as Record<string, string>, env.appUrl, req.protocol)) return next();
    res.status(403).type("text/plain").send("Forbidden: this request did not come from the Boostly site.");
  };
}
