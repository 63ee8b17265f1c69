import { eq, like } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.server.ts";
import { blogPosts } from "../../db/schema.ts";
import { type ChangeAnswer, formRefusal } from "../admin-form.ts";
import { changedFields, hasChanges } from "../audit/changed-fields.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import type { Refusal, RefusalKind } from "../refusal.ts";
import { addPost, changePost } from "./edit-post.server.ts";
import type { BlogPostInput } from "./post-form.ts";
import { POST_TEXT } from "./post-form-text.ts";
import { postSlugFromTitle } from "./posts.ts";

/** 'Failed to save blog post', each field at fault beside it. */
export function postRefused(fieldErrors: Record<string, string>, kind: RefusalKind = "invalid"): Refusal {
  return formRefusal(POST_TEXT.postSaveFailed, fieldErrors, { kind });
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
export async function saveBlogPost(
  db: Database,
  input: { adminId: string; postId?: string; post: BlogPostInput },
): Promise<ChangeAnswer> {
  if (!input.postId) return createPost(db, input.adminId, input.post);
  if (!isUuid(input.postId)) return postRefused({ form: POST_TEXT.postNotFound }, "not_found");
  return updatePost(db, input.adminId, input.postId, input.post);
}

async function createPost(db: Database, adminId: string, form: BlogPostInput): Promise<ChangeAnswer> {
  const { slug: typed, ...fields } = form;
  return db.transaction(async (tx) => {
    const slug = typed || (await freePostSlug(tx, form.title));
    const created = await addPost(tx, { ...fields, slug });
    if (!created) return postRefused({ slug: POST_TEXT.slugTaken }, "conflict");
    await recordAdminAction(tx, {
      adminId,
      action: "blog.create",
      subjectType: "blog_post",
      subjectId: created.id,
      details: { slug, title: form.title, published: form.published },
    });
    return { ok: true, notice: { title: POST_TEXT.postCreated, message: form.title }, id: created.id };
  });
}

async function updatePost(
  db: Database,
  adminId: string,
  postId: string,
  form: BlogPostInput,
): Promise<ChangeAnswer> {
  const { slug: _ignored, ...fields } = form;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, postId)).for("update");
    if (!before) return postRefused({ form: POST_TEXT.postNotFound }, "not_found");
    const changes = changedFields(before, fields);
    // A save that changes nothing writes nothing (product rules 2.9). A post's text is long: the log names
    // the fields that changed, with before and after only for whether it is published.
    if (hasChanges(changes)) {
      await changePost(tx, postId, fields);
      await recordAdminAction(tx, {
        adminId,
        action: "blog.update",
        subjectType: "blog_post",
        subjectId: postId,
        details: {
          title: form.title,
          changed: Object.keys(changes),
          ...(changes.published ? { published: changes.published } : {}),
        },
      });
    }
    return { ok: true, notice: { title: POST_TEXT.postUpdated, message: form.title }, id: postId };
  });
}
