import { data, Link } from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { findHelpTopic, helpTopics } from "../../content/help-articles.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

export function loader({ params }: Route.LoaderArgs) {
  const topic = findHelpTopic(params.topic);
  if (!topic) throw data(null, { status: 404 });
  return { slug: topic.slug };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const topic = findHelpTopic(loaderData?.slug);
  if (!topic) return [{ title: "Page not found | Boostly" }, { name: "robots", content: "noindex" }];
  return pageMeta({
    title: `${topic.title} - Help Center`,
    description: `${topic.summary} Step-by-step answers from the Boostly help centre.`,
    path: `/help/${topic.slug}`,
    matches,
  });
};

export default function HelpTopicPage({ loaderData }: Route.ComponentProps) {
  const topic = findHelpTopic(loaderData.slug);
  if (!topic) return null;
  return (
    <main>
      <PageHero eyebrow="Help center" title={topic.title} lead={topic.summary}>
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap items-center gap-2 text-sm text-brand-50">
            <li>
              <Link to="/help" className="font-semibold text-white underline-offset-2 hover:underline">
                Help Center
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page">{topic.title}</li>
          </ol>
        </nav>
      </PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1fr_3fr] lg:px-8">
        <nav aria-labelledby="help-nav-title" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="help-nav-title" className="text-sm font-semibold uppercase tracking-wider text-slate-700">
            In this topic
          </h2>
          <ul className="mt-3 space-y-2">
            {topic.articles.map((article) => (
              <li key={article.id}>
                <a href={`#${article.id}`} className="text-brand-700 hover:underline">
                  {article.title}
                </a>
              </li>
            ))}
          </ul>
          <h2 className="mt-8 text-sm font-semibold uppercase tracking-wider text-slate-700">Other topics</h2>
          <ul className="mt-3 space-y-2">
            {helpTopics
              .filter((other) => other.slug !== topic.slug)
              .map((other) => (
                <li key={other.slug}>
                  <Link to={`/help/${other.slug}`} className="text-brand-700 hover:underline">
                    {other.title}
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        <div className="space-y-8">
          {topic.articles.map((article) => (
            <article
              key={article.id}
              id={article.id}
              aria-labelledby={`${article.id}-title`}
              className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
            >
              <h2 id={`${article.id}-title`} className="text-xl font-bold text-slate-900">
                {article.title}
              </h2>
              {article.body.map((paragraph) => (
                <p key={paragraph.slice(0, 48)} className="mt-3 leading-7 text-slate-700">
                  {paragraph}
                </p>
              ))}
            </article>
          ))}
          <p className="rounded-2xl bg-slate-50 p-6 text-slate-700 ring-1 ring-slate-200">
            Didn't find what you need?{" "}
            <Link to="/help" className="font-semibold text-brand-700 hover:underline">
              Search the help centre
            </Link>{" "}
            or{" "}
            <Link to="/contact" className="font-semibold text-brand-700 hover:underline">
              contact our 24/7 support
            </Link>
            .
          </p>
        </div>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
