import type { Database } from "../../db/client.server.ts";
import { type ContentAnswer, formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { CONTENT_TEXT } from "../catalog/service-form-text.ts";
import { isUuid } from "../ids.ts";
import { removePost } from "./edit-post.server.ts";

/** Deletes a post for good (the page asked for confirmation first). */
export async function deleteBlogPost(
  db: Database,
  input: { adminId: string; postId: string },
): Promise<ContentAnswer> {
  const notFound = formRefusal(
    CONTENT_TEXT.postDeleteFailed,
    {},
    {
      kind: "not_found",
      message: CONTENT_TEXT.postNotFound,
    },
  );
  if (!isUuid(input.postId)) return notFound;
  return db.transaction(async (tx) => {
    const post = await removePost(tx, input.postId);
    if (!post) return notFound;
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "blog.delete",
      subjectType: "blog_post",
      subjectId: post.id,
      details: { slug: post.slug, title: post.title },
    });
    return { ok: true, notice: { title: CONTENT_TEXT.postDeleted, message: post.title } };
  });
}
