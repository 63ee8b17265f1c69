import path from "node:path";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import type { Env } from "../app/lib/env.server.ts";
import { bodyPolicy } from "./body-policy.ts";
import { HEALTH_PATH } from "./health.ts";
import { pageHandler } from "./page-handler.ts";
import { resellerApi } from "./reseller-api.ts";
import { sameOriginGuard, securityHeaders } from "./security.ts";

/** The Express app in front of React Router: static files, security headers, origin check, then the pages. */
export function createApp(env: Env, build: ServerBuild | (() => Promise<ServerBuild>), clientDir: string) {
  const app = express();
  app.disable("x-powered-by");
  // Pages stream through React Router (no ETag from Express anyway); JSON answers are never worth hashing.
  app.set("etag", false);
  // Trust exactly one proxy hop: the address it appended, not whatever the client wrote into X-Forwarded-For.
  if (env.trustProxy) app.set("trust proxy", 1);
  // Server-Sent Events (/api/live) must reach the browser event by event, never held in a gzip buffer.
  // Level 4: most of level 6's saving on HTML for far less CPU per page (a proxy may recompress harder).
  const compress = compression({
    level: 4,
    filter: (req, res) =>
      !/text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? "")) &&
      compression.filter(req, res),
  });
  // The reseller API first: authenticated by API key, never by cookie, so outside the same-origin guard like the
  // payment webhooks, and answered without the pages' per-request work (CSP nonce, compression, file checks).
  app.use(resellerApi(env));
  // Only reads carry bodies worth compressing; form posts answer with short redirects.
  app.use((req, res, next) => (req.method === "GET" ? compress(req, res, next) : next()));
  app.use(securityHeaders(env));
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
  // Only paths that name a file (favicon.svg, robots.txt, ...) look on disk; pages skip the file-system check.
  const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
  app.get(HEALTH_PATH, (_req, res) => {
    res.type("text/plain").send("ok");
  });
  app.use(sameOriginGuard(env));
  // Every page request's address and body pass the one policy before any route code runs.
  app.use(bodyPolicy());
  // A built app serves visitors' pages and customers' dashboards from render caches keyed by the versions of
  // what they show (docs/decisions/035); the development server (a build that changes under it) renders every time.
  app.all("/{*splat}", pageHandler(build, env.isProduction ? "production" : "development"));
  return app;
}
