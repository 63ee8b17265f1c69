import { Form, Link, useNavigation } from "react-router";
import { BLOG_CATEGORIES, DEFAULT_READ_TIME } from "../../../domain/blog/posts.ts";
import { Button, buttonClass } from "../../ui/button.tsx";
import { Card } from "../../ui/card.tsx";
import { Input } from "../../ui/input.tsx";
import { CheckboxField, SelectField, TextareaField } from "./fields.tsx";

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
  const busy = useNavigation().state === "submitting";
  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-slate-900">
        {post ? `Edit "${post.title}"` : "New blog post"}
      </h2>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value={post ? "update" : "create"} />
        {post ? <input type="hidden" name="postId" value={post.id} /> : null}
        <div className="sm:col-span-2">
          <Input
            label="Title"
            name="title"
            required
            maxLength={200}
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
            maxLength={200}
            hint="Leave empty to generate it from the title."
            error={errors.slug}
          />
        )}
        <SelectField
          label="Category"
          name="category"
          defaultValue={post?.category ?? "Instagram"}
          options={CATEGORY_OPTIONS}
          error={errors.category}
        />
        <div className="sm:col-span-2">
          <TextareaField
            label="Excerpt"
            name="excerpt"
            rows={2}
            maxLength={500}
            defaultValue={post?.excerpt}
            error={errors.excerpt}
          />
        </div>
        <div className="sm:col-span-2">
          <TextareaField
            label="Content (Markdown)"
            name="content"
            rows={12}
            defaultValue={post?.content}
            hint="#, ## and ### headings, - bullets, 1. numbered items, **bold** and [links](https://...)."
            error={errors.content}
          />
        </div>
        <Input label="Author" name="author" maxLength={100} defaultValue={post?.author ?? "Boostly Team"} />
        <Input
          label="Read time"
          name="readTime"
          maxLength={40}
          defaultValue={post?.readTime ?? DEFAULT_READ_TIME}
          error={errors.readTime}
        />
        <div className="sm:col-span-2">
          <Input
            label="Featured image"
            name="featuredImage"
            maxLength={500}
            defaultValue={post?.featuredImage ?? ""}
            hint="An https:// address or a path on this site."
            error={errors.featuredImage}
          />
        </div>
        <Input
          label="Meta description"
          name="metaDescription"
          maxLength={300}
          defaultValue={post?.metaDescription ?? ""}
          error={errors.metaDescription}
        />
        <Input
          label="Meta keywords"
          name="metaKeywords"
          maxLength={300}
          defaultValue={post?.metaKeywords ?? ""}
          error={errors.metaKeywords}
        />
        <div className="sm:col-span-2">
          <CheckboxField
            label="Published (visible on /blog)"
            name="published"
            defaultChecked={post?.published ?? false}
          />
        </div>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2">
            {errors.form}
          </p>
        ) : null}
        <div className="flex gap-3 sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : post ? "Save Post" : "Create Post"}
          </Button>
          <Link to="/admin/blog" className={buttonClass("secondary")}>
            Cancel
          </Link>
        </div>
      </Form>
    </Card>
  );
}
