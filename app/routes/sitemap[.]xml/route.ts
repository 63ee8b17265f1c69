import { listSitemapEntries, sitemapXml } from "../../domain/seo/sitemap.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { env } from "../../lib/env.server.ts";
import type { Route } from "./+types/route";

/** /sitemap.xml: every indexable page with its absolute address (product rules 8.4). */
export async function loader({ context }: Route.LoaderArgs) {
  const entries = await listSitemapEntries(shopDatabase(context));
  return new Response(sitemapXml(env().appUrl, entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
