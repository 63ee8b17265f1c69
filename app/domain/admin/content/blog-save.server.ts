import { eq, like } from "drizzle-orm";
import type { Database, Executor } from "../../../db/client.server.ts";
import { blogPosts } from "../../../db/schema.ts";
import { recordAdminAction } from "../../audit/record-admin-action.server.ts";
import { addPost, changePost } from "../../blog/edit-post.server.ts";
import { postSlugFromTitle } from "../../blog/posts.ts";
import { isUuid } from "../../ids.ts";
import { issuesByField, type Refusal, type RefusalKind } from "../../refusal.ts";
import { type ContentAnswer, formRefusal } from "./answer.ts";
import { type BlogPostInput, blogPostForm } from "./blog-form.ts";
import { CONTENT_TEXT } from "./messages.ts";

type SaveInput = { adminId: string; postId?: string; form: Record<string, unknown> };

function refused(fieldErrors: Record<string, string>, kind: RefusalKind = "invalid"): Refusal {
  return formRefusal(CONTENT_TEXT.postSaveFailed, fieldErrors, { kind });
}

/** The title's slug, or the first free "{slug}-2", "{slug}-3" ... when another post has it. */
export async function freePostSlug(db: Executor, title: string): Promise<string> {
  const base = postSlugFromTitle(title) || "post";
  const taken = new Set(
    (
      await db
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(like(blogPosts.slug, `${base}%`))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

/**
 * Creates a post (slug typed, or from the title and made unique) or updates one (its slug, the public address,
 * stays). Publishing stamps published_at; unpublishing clears it (admin spec section 4).
 */
export async function saveBlogPost(db: Database, input: SaveInput): Promise<ContentAnswer> {
  const parsed = blogPostForm.safeParse(input.form);
  if (!parsed.success) return refused(issuesByField(parsed.error));
  if (!input.postId) return createPost(db, input.adminId, parsed.data);
  if (!isUuid(input.postId)) return refused({ form: CONTENT_TEXT.postNotFound }, "not_found");
  return updatePost(db, input.adminId, input.postId, parsed.data);
}

async function createPost(db: Database, adminId: string, form: BlogPostInput): Promise<ContentAnswer> {
  const { slug: typed, ...fields } = form;
  return db.transaction(async (tx) => {
    const slug = typed || (await freePostSlug(tx, form.title));
    const created = await addPost(tx, { ...fields, slug });
    if (!created) return refused({ slug: CONTENT_TEXT.slugTaken }, "conflict");
    await recordAdminAction(tx, {
      adminId,
      action: "blog.create",
      subjectType: "blog_post",
      subjectId: created.id,
      details: { slug, title: form.title, published: form.published },
    });
    return { ok: true, notice: { title: CONTENT_TEXT.postCreated, message: form.title }, id: created.id };
  });
}

async function updatePost(
  db: Database,
  adminId: string,
  postId: string,
  form: BlogPostInput,
): Promise<ContentAnswer> {
  const { slug: _ignored, ...fields } = form;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ published: blogPosts.published })
      .from(blogPosts)
      .where(eq(blogPosts.id, postId))
      .for("update");
    if (!before) return refused({ form: CONTENT_TEXT.postNotFound }, "not_found");
    await changePost(tx, postId, fields);
    await recordAdminAction(tx, {
      adminId,
      action: "blog.update",
      subjectType: "blog_post",
      subjectId: postId,
      details: { title: form.title, published: { from: before.published, to: form.published } },
    });
    return { ok: true, notice: { title: CONTENT_TEXT.postUpdated, message: form.title }, id: postId };
  });
}
