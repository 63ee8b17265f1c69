import type { Database } from "../../db/client.server.ts";
import { type ChangeAnswer, formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import { markPostPublished } from "./edit-post.server.ts";
import { POST_TEXT } from "./post-form-text.ts";

/** The Blog tab's publish toggle: publishing sets published_at to now, unpublishing clears it. */
export async function setPostPublished(
  db: Database,
  input: { adminId: string; postId: string; published: boolean },
): Promise<ChangeAnswer> {
  const notFound = formRefusal(
    POST_TEXT.postStatusFailed,
    {},
    {
      kind: "not_found",
      message: POST_TEXT.postNotFound,
    },
  );
  if (!isUuid(input.postId)) return notFound;
  return db.transaction(async (tx) => {
    const post = await markPostPublished(tx, input.postId, input.published);
    if (!post) return notFound;
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: input.published ? "blog.publish" : "blog.unpublish",
      subjectType: "blog_post",
      subjectId: post.id,
      details: { slug: post.slug },
    });
    return {
      ok: true,
      notice: {
        title: input.published ? POST_TEXT.postPublished : POST_TEXT.postUnpublished,
        message: post.title,
      },
      id: post.id,
    };
  });
}
