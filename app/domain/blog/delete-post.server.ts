import type { Database } from "../../db/client.server.ts";
import { type ChangeAnswer, formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import { removePost } from "./edit-post.server.ts";
import { POST_TEXT } from "./post-form-text.ts";

/** Deletes a post for good (the page asked for confirmation first). */
export async function deleteBlogPost(
  db: Database,
  input: { adminId: string; postId: string },
): Promise<ChangeAnswer> {
  const notFound = formRefusal(
    POST_TEXT.postDeleteFailed,
    {},
    {
      kind: "not_found",
      message: POST_TEXT.postNotFound,
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
    return { ok: true, notice: { title: POST_TEXT.postDeleted, message: post.title } };
  });
}
