import type { ChangeAnswer } from "../../domain/admin-form.ts";
import { blogPostForm } from "../../domain/blog/post-form.ts";
import { postRefused, saveBlogPost } from "../../domain/blog/save-post.server.ts";
import { issuesByField } from "../../domain/refusal.ts";
import type { Database } from "../../lib/database-context.server.ts";

/**
 * The blog post form: parsed with the blog's schema ('Failed to save blog post' and each field at fault when it
 * does not parse), then saveBlogPost creates the post, or updates the one `postId` names.
 */
export async function saveBlogPostFromForm(
  db: Database,
  input: { adminId: string; postId?: string; form: Record<string, unknown> },
): Promise<ChangeAnswer> {
  const parsed = blogPostForm.safeParse(input.form);
  if (!parsed.success) return postRefused(issuesByField(parsed.error));
  return saveBlogPost(db, { adminId: input.adminId, postId: input.postId, post: parsed.data });
}
