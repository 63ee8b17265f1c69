import { robotsTxt } from "../../domain/seo/public-paths.ts";
import { env } from "../../lib/env.server.ts";

/** /robots.txt: everything but the account, order and admin areas, and where the sitemap is. */
export function loader() {
  return new Response(robotsTxt(env().appUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
