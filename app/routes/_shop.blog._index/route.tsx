import { data, useActionData } from "react-router";
import { PostCard } from "../../components/blog/post-card.tsx";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { listPublishedPosts } from "../../domain/blog/list-published-posts.server.ts";
import { NEWSLETTER_SUBSCRIBED, newsletterSchema } from "../../domain/blog/newsletter.ts";
import { subscribeToNewsletter } from "../../domain/blog/subscribe-newsletter.server.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { readForm } from "../../lib/form-body.server.ts";
import { retryAfterHeaders } from "../../lib/rate-limited-answer.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";
import { NewsletterBox, type NewsletterResult } from "./newsletter-box.tsx";

/** A rate-limited answer keeps its Retry-After on the page (docs/decisions/013). */
export const headers = retryAfterHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  return { posts: await listPublishedPosts(shopDatabase(context)) };
}

/** The newsletter box: stored once, lower-cased; every accepted address gets the same answer. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, newsletterSchema);
  const parsed = newsletterSchema.safeParse({ ...form, email: form.email ?? "" });
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "Please enter a valid email address";
    return data<NewsletterResult>({ ok: false, error }, { status: 400 });
  }
  const result = await subscribeToNewsletter(shopDatabase(context), request, parsed.data.email);
  if (!result.ok) {
    const answer = refusalAnswer(result);
    return data<NewsletterResult>({ ok: false, error: answer.message }, answer.init);
  }
  return data<NewsletterResult>({ ok: true, message: NEWSLETTER_SUBSCRIBED });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Blog: Social Media Growth Tips",
    description:
      "Guides and strategies for growing on Instagram, TikTok, YouTube and Spotify: algorithms, content ideas and branding tips from the Boostly team.",
    path: "/blog",
    matches,
  });

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  const actionData = useActionData<typeof action>();
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-700 via-brand-600 to-pink-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">Boostly Blog</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-5xl">
            Social Media Growth Tips
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-brand-50">
            Practical guides for Instagram, TikTok, YouTube and Spotify: how the algorithms work, what to post
            and how to build a brand people remember.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-7xl space-y-14 px-4 py-12 sm:px-6 lg:px-8">
        {posts.length === 0 ? (
          <section
            className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-16 text-center"
            data-testid="blog-empty"
          >
            <h2 className="text-xl font-bold text-slate-900">No posts yet</h2>
            <p className="mt-2 text-slate-600">
              Our first articles are on their way. Subscribe below and we will let you know when they are out.
            </p>
          </section>
        ) : (
          <section aria-label="Latest posts">
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post) => (
                <li key={post.id} className="flex">
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          </section>
        )}

        <NewsletterBox fallback={actionData ?? null} />
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
