import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { blogPosts } from "../../db/schema.ts";

/** What an admin sets on a post; its id, slug, publication date and timestamps are the blog's. */
export type PostFields = Omit<
  typeof blogPosts.$inferInsert,
  "id" | "slug" | "publishedAt" | "createdAt" | "updatedAt"
>;

/** A post as a change names it (the audit log and the page's notice). */
export type ChangedPost = { id: string; title: string; slug: string };

/** Adds a post at `slug`, dated now when published; null when another post already has that slug. */
export async function addPost(
  db: Executor,
  post: PostFields & { slug: string },
): Promise<{ id: string } | null> {
  const [created] = await db
    .insert(blogPosts)
    .values({ ...post, publishedAt: post.published ? new Date() : null })
    .onConflictDoNothing({ target: blogPosts.slug })
    .returning({ id: blogPosts.id });
  return created ?? null;
}

/** Changes a post's fields; its slug (the public address) stays. Unpublishing clears its date. */
export async function changePost(db: Executor, postId: string, fields: PostFields): Promise<void> {
  await db
    .update(blogPosts)
    .set({
      ...fields,
      // A post that stays published keeps its date; a newly published one gets now.
      publishedAt: fields.published ? sql`coalesce(${blogPosts.publishedAt}, now())` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(blogPosts.id, postId));
}

/** Publishes a post (dated now) or takes it down (no date); null when there is no such post. */
export async function markPostPublished(
  db: Executor,
  postId: string,
  published: boolean,
): Promise<ChangedPost | null> {
  const [post] = await db
    .update(blogPosts)
    .set({ published, publishedAt: published ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(blogPosts.id, postId))
    .returning({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug });
  return post ?? null;
}

/** Deletes a post for good; null when there is no such post. */
export async function removePost(db: Executor, postId: string): Promise<ChangedPost | null> {
  const [post] = await db
    .delete(blogPosts)
    .where(eq(blogPosts.id, postId))
    .returning({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug });
  return post ?? null;
}
