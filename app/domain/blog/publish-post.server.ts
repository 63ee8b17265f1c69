import type { Database } from "../../db/client.server.ts";
import { type ContentAnswer, formRefusal } from "../admin-form.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { CONTENT_TEXT } from "../catalog/service-form-text.ts";
import { isUuid } from "../ids.ts";
import { markPostPublished } from "./edit-post.server.ts";

/** The Blog tab's publish toggle: publishing sets published_at to now, unpublishing clears it. */
export async function setPostPublished(
  db: Database,
  input: { adminId: string; postId: string; published: boolean },
): Promise<ContentAnswer> {
  const notFound = formRefusal(
    CONTENT_TEXT.postStatusFailed,
    {},
    {
      kind: "not_found",
      message: CONTENT_TEXT.postNotFound,
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
        title: input.published ? CONTENT_TEXT.postPublished : CONTENT_TEXT.postUnpublished,
        message: post.title,
      },
      id: post.id,
    };
  });
}
