import { data, Link } from "react-router";
import { Breadcrumb } from "../../components/blog/breadcrumb.tsx";
import { CategoryBadge } from "../../components/blog/category-badge.tsx";
import { PostCard } from "../../components/blog/post-card.tsx";
import { formatPostDate, isoDate } from "../../components/blog/post-date.ts";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { JsonLdScript } from "../../components/service-page/json-ld-script.tsx";
import { findPublishedPost } from "../../domain/blog/find-published-post.server.ts";
import { listRelatedPosts } from "../../domain/blog/list-related-posts.server.ts";
import { blogPostingJsonLd } from "../../domain/blog/structured-data.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { env } from "../../lib/env.server.ts";
import { Markdown, safeHref } from "../../lib/markdown.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await findPublishedPost(shopDatabase(context), params.slug);
  if (!post) throw data(null, { status: 404 });
  const related = await listRelatedPosts(shopDatabase(context), post);
  const image = post.featuredImage ? safeHref(post.featuredImage) : null;
  return {
    post: { ...post, featuredImage: image?.href ?? null },
    related,
    structuredData: blogPostingJsonLd(post, env().appUrl),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: "Page not found | Boostly" }, { name: "robots", content: "noindex" }];
  const { post } = loaderData;
  const tags = pageMeta({
    title: post.title,
    description: post.metaDescription || post.excerpt || `${post.title}, on the Boostly blog.`,
    path: `/blog/${post.slug}`,
    matches,
  });
  return [
    ...tags.map((tag) =>
      "property" in tag && tag.property === "og:type" ? { ...tag, content: "article" } : tag,
    ),
    ...(post.metaKeywords ? [{ name: "keywords", content: post.metaKeywords }] : []),
    { property: "article:published_time", content: isoDate(post.publishedAt) },
  ];
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, related, structuredData } = loaderData;
  return (
    <main>
      <JsonLdScript data={structuredData} />
      <article>
        <header className="bg-gradient-to-br from-brand-700 via-brand-600 to-pink-600 text-white">
          <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
            <div className="text-brand-50">
              <Breadcrumb
                items={[{ label: "Home", to: "/" }, { label: "Blog", to: "/blog" }, { label: post.title }]}
              />
            </div>
            <div className="mt-6">
              <CategoryBadge category={post.category} />
            </div>
            <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">{post.title}</h1>
            {post.excerpt ? <p className="mt-4 text-lg leading-8 text-brand-50">{post.excerpt}</p> : null}
            <p className="mt-6 flex flex-wrap items-center gap-x-2 text-sm text-brand-100">
              <span className="font-semibold text-white">{post.author}</span>
              <span aria-hidden="true">·</span>
              <time dateTime={isoDate(post.publishedAt)}>{formatPostDate(post.publishedAt)}</time>
              <span aria-hidden="true">·</span>
              <span>{post.readTime}</span>
            </p>
          </div>
        </header>

        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
          {post.featuredImage ? (
            <img
              src={post.featuredImage}
              alt={post.title}
              className="mb-8 aspect-video w-full rounded-2xl object-cover shadow-sm"
              loading="eager"
            />
          ) : null}
          <div data-testid="post-content">
            <Markdown source={post.content} />
          </div>
          <aside className="mt-12 rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h2 className="text-lg font-bold text-slate-900">Ready to grow faster?</h2>
            <p className="mt-1 text-sm text-slate-600">
              Put these tips to work with real engagement from Boostly, delivered safely with no password
              needed.
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link
                to="/services/instagram"
                className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Browse Services
              </Link>
              <Link
                to="/blog"
                className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
              >
                More articles
              </Link>
            </div>
          </aside>
        </div>
      </article>

      {related.length > 0 ? (
        <section
          aria-labelledby="related-heading"
          className="border-t border-slate-200 bg-slate-50"
          data-testid="related-posts"
        >
          <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
            <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-slate-900">
              Related posts
            </h2>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((item) => (
                <li key={item.id} className="flex">
                  <PostCard post={item} headingLevel="h3" />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
