import { z } from "zod";
import { EditorPage } from "../../components/admin/content/editor-page.tsx";
import { useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { requireAdmin } from "../../domain/accounts/session.server.ts";
import { formRefusal } from "../../domain/admin/content/answer.ts";
import { deleteBlogPost } from "../../domain/admin/content/blog-delete.server.ts";
import { blogPostForm } from "../../domain/admin/content/blog-form.ts";
import { findPostForAdmin, listPostsForAdmin } from "../../domain/admin/content/blog-list.server.ts";
import { setPostPublished } from "../../domain/admin/content/blog-publish.server.ts";
import { saveBlogPost } from "../../domain/admin/content/blog-save.server.ts";
import { CONTENT_TEXT } from "../../domain/admin/content/messages.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import { answerAdminChange } from "../../lib/toast.server.ts";
import type { Route } from "./+types/route";
import { BlogPostForm } from "./blog-post-form.tsx";
import { BlogPostsTable } from "./blog-posts-table.tsx";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Blog",
    description: "Write, publish and delete blog posts.",
    path: "/admin/blog",
    noindex: true,
    matches,
  });

const pageQuery = z.object({
  new: z.literal("1").optional().catch(undefined),
  edit: z.uuid().optional().catch(undefined),
});

const intentForm = z.object({
  intent: z.enum(["create", "update", "delete", "publish", "unpublish"]),
  postId: z.string().max(64).optional(),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = pageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  // The list carries no content; only the post being edited is read in full.
  const [rows, post] = await Promise.all([
    listPostsForAdmin(shopDatabase(context)),
    query.edit ? findPostForAdmin(shopDatabase(context), query.edit) : null,
  ]);
  const posts = rows.map((row) => ({ ...row, publishedAt: row.publishedAt?.toISOString() ?? null }));
  const editing = post
    ? {
        ...post,
        publishedAt: post.publishedAt?.toISOString() ?? null,
        createdAt: post.createdAt.toISOString(),
        updatedAt: post.updatedAt.toISOString(),
      }
    : null;
  return { posts, editing, creating: Boolean(query.new) && !editing };
}

async function runIntent(
  context: Route.ActionArgs["context"],
  adminId: string,
  form: Record<string, string>,
) {
  const parsed = intentForm.safeParse(form);
  if (!parsed.success) return formRefusal(CONTENT_TEXT.postSaveFailed);
  const { intent, postId = "" } = parsed.data;
  if (intent === "delete") return deleteBlogPost(shopDatabase(context), { adminId, postId });
  if (intent === "publish" || intent === "unpublish")
    return setPostPublished(shopDatabase(context), { adminId, postId, published: intent === "publish" });
  const { intent: _intent, postId: _postId, ...fields } = form;
  return saveBlogPost(shopDatabase(context), {
    adminId,
    postId: intent === "update" ? postId : undefined,
    form: fields,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const answer = await runIntent(context, admin.id, await readForm(request, [intentForm, blogPostForm]));
  return answerAdminChange(answer.ok ? answer : refusalAnswer(answer), "/admin/blog");
}

export default function AdminBlogPage({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, editing, creating } = loaderData;
  useAnswerToast(actionData);
  const errors = actionData?.fieldErrors ?? {};
  return (
    <EditorPage
      title="Blog"
      newHref="/admin/blog?new=1"
      newLabel="New Post"
      editor={
        creating || editing ? (
          <BlogPostForm key={editing?.id ?? "new"} post={editing} errors={errors} />
        ) : null
      }
    >
      <BlogPostsTable posts={posts} emptyText={CONTENT_TEXT.noPosts} />
    </EditorPage>
  );
}
