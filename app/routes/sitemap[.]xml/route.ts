import { db } from "../../db/client.server.ts";
import { listSitemapEntries, sitemapXml } from "../../domain/seo/sitemap.server.ts";
import { env } from "../../lib/env.server.ts";

/** /sitemap.xml: every indexable page with its absolute address (product rules 8.4). */
export async function loader() {
  const entries = await listSitemapEntries(db());
  return new Response(sitemapXml(env().appUrl, entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
