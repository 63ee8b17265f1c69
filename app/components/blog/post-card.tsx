import { Link } from "react-router";
import type { BlogPostSummary } from "../../domain/blog/posts.ts";
import { CategoryBadge } from "./category-badge.tsx";
import { formatPostDate, isoDate } from "./post-date.ts";

type CardPost = Omit<BlogPostSummary, "publishedAt"> & { publishedAt: Date | string };

/** A post in the blog list or the related posts: badge, title, excerpt, author, date and read time. */
export function PostCard({ post, headingLevel = "h2" }: { post: CardPost; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <article
      data-testid="post-card"
      className="group relative flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <div>
        <CategoryBadge category={post.category} />
      </div>
      <Heading className="mt-3 text-lg font-bold leading-snug text-slate-900 group-hover:text-brand-700">
        <Link to={`/blog/${post.slug}`} className="focus-visible:outline-2 focus-visible:outline-brand-600">
          <span className="absolute inset-0" aria-hidden="true" />
          {post.title}
        </Link>
      </Heading>
      {post.excerpt ? <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{post.excerpt}</p> : null}
      <p className="mt-4 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
        <span className="font-medium text-slate-700">{post.author}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={isoDate(post.publishedAt)}>{formatPostDate(post.publishedAt)}</time>
        <span aria-hidden="true">·</span>
        <span>{post.readTime}</span>
      </p>
    </article>
  );
}
