import { and, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { blogPosts } from "../../db/schema.ts";
import { toSummary } from "./list-published-posts.server.ts";
import { type BlogPost, isPostSlug } from "./posts.ts";

/** A published post by slug; null for drafts, unknown and malformed slugs alike. */
export async function findPublishedPost(db: Executor, slug: string | undefined): Promise<BlogPost | null> {
  if (!isPostSlug(slug)) return null;
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true), isNotNull(blogPosts.publishedAt)));
  if (!row) return null;
  return {
    ...toSummary(row),
    content: row.content,
    featuredImage: row.featuredImage?.trim() || null,
    metaDescription: row.metaDescription?.trim() || null,
    metaKeywords: row.metaKeywords?.trim() || null,
    updatedAt: row.updatedAt,
  };
}
