import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { blogPosts } from "../../db/schema.ts";
import { isUuid } from "../ids.ts";

/** A row of the admin blog list: what the table shows and its buttons need, never the post's content. */
export type AdminBlogListRow = {
  id: string;
  slug: string;
  title: string;
  category: string;
  published: boolean;
  publishedAt: Date | null;
};

export type AdminBlogPost = typeof blogPosts.$inferSelect;

/** Every post, drafts included, drafts and newest first; only the list's columns (no content). */
export async function listPostsForAdmin(db: Executor): Promise<AdminBlogListRow[]> {
  return db
    .select({
      id: blogPosts.id,
      slug: blogPosts.slug,
      title: blogPosts.title,
      category: blogPosts.category,
      published: blogPosts.published,
      publishedAt: blogPosts.publishedAt,
    })
    .from(blogPosts)
    .orderBy(sql`${blogPosts.publishedAt} desc nulls first`, desc(blogPosts.createdAt));
}

/** One post in full, drafts included, for the edit form (?edit=<id>); null for an unknown or malformed id. */
export async function findPostForAdmin(db: Executor, postId: string): Promise<AdminBlogPost | null> {
  if (!isUuid(postId)) return null;
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, postId));
  return post ?? null;
}
