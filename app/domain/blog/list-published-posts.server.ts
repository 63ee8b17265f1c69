import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { blogPosts } from "../../db/schema.ts";
import { type BlogPostSummary, DEFAULT_READ_TIME } from "./posts.ts";

/** The columns of a post card. */
export const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  category: blogPosts.category,
  author: blogPosts.author,
  readTime: blogPosts.readTime,
  publishedAt: blogPosts.publishedAt,
};

type SummaryRow = Omit<BlogPostSummary, "publishedAt"> & { publishedAt: Date | null };

/** A row of summaryColumns as a card (published rows always have a date; the check constraint says so). */
export function toSummary(row: SummaryRow): BlogPostSummary {
  return {
    ...row,
    readTime: row.readTime.trim() || DEFAULT_READ_TIME,
    publishedAt: row.publishedAt ?? new Date(0),
  };
}

/** Every published post, newest first (drafts never leave the admin area). */
export async function listPublishedPosts(db: Executor): Promise<BlogPostSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(blogPosts)
    .where(and(eq(blogPosts.published, true), isNotNull(blogPosts.publishedAt)))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt));
  return rows.map(toSummary);
}
