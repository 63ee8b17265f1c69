import { desc, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.server.ts";
import { blogPosts } from "../../../db/schema.ts";

export type AdminBlogPost = typeof blogPosts.$inferSelect;

/** Every post, drafts included, drafts and newest first. */
export async function listPostsForAdmin(db: Executor): Promise<AdminBlogPost[]> {
  return db
    .select()
    .from(blogPosts)
    .orderBy(sql`${blogPosts.publishedAt} desc nulls first`, desc(blogPosts.createdAt));
}
