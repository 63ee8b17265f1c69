import { Link, useFetcher } from "react-router";
import { AdminTable } from "../../components/admin/admin-table.tsx";
import { DeleteButton } from "../../components/admin/content/delete-button.tsx";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import type { BlogPostView } from "./blog-post-form.tsx";

/** A row of the list: the columns it shows, never the post's content (that is read only to edit a post). */
type BlogPostRow = Pick<BlogPostView, "id" | "slug" | "title" | "category" | "published" | "publishedAt">;

const HEADINGS = ["Post", "Category", "Status", "Actions"];
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** The publish toggle: Publish for a draft, Unpublish for a published post. */
function PublishToggle({ post }: { post: BlogPostRow }) {
  const fetcher = useFetcher<ToastAnswer>();
  useAnswerToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={post.published ? "unpublish" : "publish"} />
      <input type="hidden" name="postId" value={post.id} />
      <Button
        type="submit"
        variant="secondary"
        className="px-3 py-1.5"
        disabled={busy}
        aria-label={`${post.published ? "Unpublish" : "Publish"} ${post.title}`}
      >
        {post.published ? "Unpublish" : "Publish"}
      </Button>
    </fetcher.Form>
  );
}

/** Every post, drafts included, with Edit, Publish/Unpublish and Delete. */
export function BlogPostsTable({ posts, emptyText }: { posts: BlogPostRow[]; emptyText: string }) {
  return (
    <AdminTable headings={HEADINGS} items={posts} empty={emptyText}>
      {(post) => (
        <tr key={post.id} data-testid="admin-blog-row" className="align-top">
          <td className="px-4 py-3">
            <div className="font-medium text-slate-900">{post.title}</div>
            <div className="text-slate-500">/blog/{post.slug}</div>
          </td>
          <td className="px-4 py-3">{post.category}</td>
          <td className="px-4 py-3" data-testid="admin-blog-status">
            {post.published && post.publishedAt
              ? `Published ${dateFormat.format(new Date(post.publishedAt))}`
              : "Draft"}
          </td>
          <td className="px-4 py-3">
            <div className="flex flex-wrap gap-1">
              <Link
                to={`/admin/blog?edit=${post.id}`}
                aria-label={`Edit ${post.title}`}
                className={buttonClass("ghost", "px-3 py-1.5")}
              >
                Edit
              </Link>
              <PublishToggle post={post} />
              {post.published ? (
                <Link
                  to={`/blog/${post.slug}`}
                  aria-label={`View ${post.title}`}
                  className={buttonClass("ghost", "px-3 py-1.5")}
                >
                  View
                </Link>
              ) : null}
              <DeleteButton
                label={`Delete ${post.title}`}
                title="Delete this post?"
                question={`"${post.title}" will be deleted for good.`}
                fields={{ intent: "delete", postId: post.id }}
              />
            </div>
          </td>
        </tr>
      )}
    </AdminTable>
  );
}
