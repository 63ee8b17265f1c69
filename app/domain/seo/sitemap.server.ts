import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { blogPosts, platforms, services } from "../../db/schema.ts";
import { listListedPlatforms } from "../catalog/list-platforms.server.ts";
import { platformListPath } from "../catalog/platforms.ts";
import { isNoindexPath, STATIC_PUBLIC_PATHS } from "./public-paths.ts";

export type SitemapEntry = { path: string; lastmod?: Date };

/**
 * Every indexable page: the fixed public pages, the list of each listed platform, each enabled service's page (on a
 * listed platform) and each published post.
 */
export async function listSitemapEntries(db: Executor): Promise<SitemapEntry[]> {
  const [listed, serviceRows, postRows] = await Promise.all([
    listListedPlatforms(db),
    db
      .select({ slug: services.slug })
      .from(services)
      .innerJoin(platforms, eq(platforms.slug, services.platform))
      .where(and(eq(services.enabled, true), eq(platforms.listed, true)))
      .orderBy(asc(services.platform), asc(services.sortOrder), asc(services.name)),
    db
      .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(and(eq(blogPosts.published, true), isNotNull(blogPosts.publishedAt)))
      .orderBy(desc(blogPosts.publishedAt)),
  ]);
  const entries: SitemapEntry[] = [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    ...listed.map((platform) => ({ path: platformListPath(platform.slug) })),
    ...serviceRows.map((row) => ({ path: `/service/${encodeURIComponent(row.slug)}` })),
    ...postRows.map((row) => {
      const published = row.publishedAt ?? row.updatedAt;
      return {
        path: `/blog/${encodeURIComponent(row.slug)}`,
        lastmod: row.updatedAt > published ? row.updatedAt : published,
      };
    }),
  ];
  return entries.filter((entry) => !isNoindexPath(entry.path));
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** The sitemap document (sitemaps.org 0.9) with absolute addresses on `origin`. */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
    return `  <url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
