import { EditorForm } from "../../components/admin/content/editor-page.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { BLOG_POST_MAX } from "../../domain/blog/post-form-text.ts";
import { BLOG_CATEGORIES, DEFAULT_POST_AUTHOR, DEFAULT_READ_TIME } from "../../domain/blog/posts.ts";

export type BlogPostView = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  author: string;
  readTime: string;
  published: boolean;
  publishedAt: string | null;
  featuredImage: string | null;
  metaDescription: string | null;
  metaKeywords: string | null;
};

const CATEGORY_OPTIONS = BLOG_CATEGORIES.map((category) => ({ value: category, label: category }));

/** Create or edit a post (admin spec section 2: the Blog tab's fields; the content is Markdown). */
export function BlogPostForm({
  post,
  errors,
}: {
  post: BlogPostView | null;
  errors: Record<string, string>;
}) {
  return (
    <EditorForm
      title={post ? `Edit "${post.title}"` : "New blog post"}
      idField="postId"
      id={post?.id}
      auditHref={`/admin/audit?subject=${post?.id}`}
      formError={errors.form}
      submitLabel={post ? "Save Post" : "Create Post"}
      listHref="/admin/blog"
    >
      <div className="sm:col-span-2">
        <Input
          label="Title"
          name="title"
          required
          maxLength={BLOG_POST_MAX.title}
          defaultValue={post?.title}
          error={errors.title}
        />
      </div>
      {post ? (
        <Input
          label="Slug"
          name="slug"
          readOnly
          value={post.slug}
          hint="The post's address stays as created."
        />
      ) : (
        <Input
          label="Slug"
          name="slug"
          maxLength={BLOG_POST_MAX.slug}
          hint="Leave empty to generate it from the title."
          error={errors.slug}
        />
      )}
      <Select
        label="Category"
        name="category"
        defaultValue={post?.category ?? "Instagram"}
        options={CATEGORY_OPTIONS}
        error={errors.category}
      />
      <div className="sm:col-span-2">
        <Textarea
          label="Excerpt"
          name="excerpt"
          rows={2}
          maxLength={BLOG_POST_MAX.excerpt}
          defaultValue={post?.excerpt}
          error={errors.excerpt}
        />
      </div>
      <div className="sm:col-span-2">
        <Textarea
          label="Content (Markdown)"
          name="content"
          rows={12}
          defaultValue={post?.content}
          hint="#, ## and ### headings, - bullets, 1. numbered items, **bold** and [links](https://...)."
          error={errors.content}
        />
      </div>
      <Input
        label="Author"
        name="author"
        maxLength={BLOG_POST_MAX.author}
        defaultValue={post?.author ?? DEFAULT_POST_AUTHOR}
      />
      <Input
        label="Read time"
        name="readTime"
        maxLength={BLOG_POST_MAX.readTime}
        defaultValue={post?.readTime ?? DEFAULT_READ_TIME}
        error={errors.readTime}
      />
      <div className="sm:col-span-2">
        <Input
          label="Featured image"
          name="featuredImage"
          maxLength={BLOG_POST_MAX.featuredImage}
          defaultValue={post?.featuredImage ?? ""}
          hint="An https:// address or a path on this site."
          error={errors.featuredImage}
        />
      </div>
      <Input
        label="Meta description"
        name="metaDescription"
        maxLength={BLOG_POST_MAX.metaDescription}
        defaultValue={post?.metaDescription ?? ""}
        error={errors.metaDescription}
      />
      <Input
        label="Meta keywords"
        name="metaKeywords"
        maxLength={BLOG_POST_MAX.metaKeywords}
        defaultValue={post?.metaKeywords ?? ""}
        error={errors.metaKeywords}
      />
      <div className="sm:col-span-2">
        <Checkbox
          label="Published (visible on /blog)"
          name="published"
          defaultChecked={post?.published ?? false}
        />
      </div>
    </EditorForm>
  );
}
