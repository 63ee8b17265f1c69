import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { blogPosts } from "../../db/schema.ts";
import { summaryColumns, toSummary } from "./list-published-posts.server.ts";
import { type BlogCategory, type BlogPostSummary, RELATED_POSTS_LIMIT } from "./posts.ts";

/** Up to three other published posts of the same category, newest first. */
export async function listRelatedPosts(
  db: Executor,
  post: { id: string; category: BlogCategory },
): Promise<BlogPostSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.category, post.category),
        ne(blogPosts.id, post.id),
        eq(blogPosts.published, true),
        isNotNull(blogPosts.publishedAt),
      ),
    )
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt))
    .limit(RELATED_POSTS_LIMIT);
  return rows.map(toSummary);
}
