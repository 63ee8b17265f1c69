import { Form, Link } from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { PageBody, PageSection } from "../../components/pages/section.tsx";
import { findHelpTopic, helpTopics, popularArticles } from "../../content/help-articles.ts";
import { helpQuerySchema, searchHelp } from "../../domain/help/search-help.ts";
import type { PageHandle } from "../../lib/page-query.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

/** The query parameters this page reads: its kept address holds these and no others (docs/decisions/035). */
export const handle: PageHandle = { pageQuery: ["q"] };

export function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("q");
  if (raw === null) return { query: "", results: null, error: null };
  const parsed = helpQuerySchema.safeParse(raw);
  if (!parsed.success)
    return { query: raw.slice(0, 100), results: null, error: parsed.error.issues[0]?.message ?? null };
  if (!parsed.data) return { query: "", results: null, error: "Please type a word or two to search for." };
  return { query: parsed.data, results: searchHelp(parsed.data), error: null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Help Center",
    description:
      "Guides for getting started, your account and billing, every service and troubleshooting. Search the Boostly help centre or contact our 24/7 support.",
    path: "/help",
    matches,
  });

const popular = popularArticles.flatMap(({ topic, article }) => {
  const found = findHelpTopic(topic);
  const item = found?.articles.find((candidate) => candidate.id === article);
  return found && item ? [{ topic: found, article: item }] : [];
});

export default function HelpCenterPage({ loaderData }: Route.ComponentProps) {
  const { query, results, error } = loaderData;
  return (
    <main>
      <PageHero
        eyebrow="Help center"
        title="How can we help?"
        lead="Guides and answers for everything from your first order to refills and payments."
      >
        <Form method="get" role="search" className="flex max-w-2xl flex-col gap-3 sm:flex-row">
          <label htmlFor="help-search" className="sr-only">
            Search the help articles
          </label>
          <input
            id="help-search"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={100}
            placeholder="Search for refunds, delivery, payments..."
            className="w-full flex-1 rounded-xl border-0 px-4 py-3.5 text-base text-slate-900 shadow placeholder:text-slate-500 focus:outline-2 focus:outline-offset-2 focus:outline-white"
          />
          <button
            type="submit"
            className="rounded-xl bg-slate-900 px-6 py-3.5 font-semibold text-white shadow hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Search
          </button>
        </Form>
      </PageHero>
      <PageBody>
        {error ? (
          <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900">
            {error}
          </p>
        ) : null}
        {results ? (
          <PageSection
            id="help-results-title"
            title={`Search results for “${query}”`}
            lead={
              results.length
                ? `${results.length} ${results.length === 1 ? "article matches" : "articles match"} your search.`
                : undefined
            }
          >
            {results.length ? (
              <ul className="space-y-4" data-testid="help-results">
                {results.map((hit) => (
                  <li
                    key={`${hit.topic.slug}-${hit.article.id}`}
                    className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
                  >
                    <p className="text-sm font-semibold text-brand-700">{hit.topic.title}</p>
                    <h3 className="mt-1 text-lg font-bold text-slate-900">
                      <Link to={`/help/${hit.topic.slug}#${hit.article.id}`} className="hover:underline">
                        {hit.article.title}
                      </Link>
                    </h3>
                    <p className="mt-2 leading-7 text-slate-600">{hit.snippet}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <div
                className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center"
                data-testid="help-empty"
              >
                <p className="text-lg font-semibold text-slate-900">No articles match “{query}”.</p>
                <p className="mt-2 text-slate-600">
                  Try a different word, browse the topics below, or{" "}
                  <Link to="/contact" className="font-semibold text-brand-700 hover:underline">
                    contact our support team
                  </Link>
                  .
                </p>
              </div>
            )}
          </PageSection>
        ) : null}

        <PageSection id="help-topics-title" title="Browse by topic">
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {helpTopics.map((topic) => (
              <li key={topic.slug}>
                <Link
                  to={`/help/${topic.slug}`}
                  className="block h-full rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  <span className="block text-lg font-bold text-slate-900">{topic.title}</span>
                  <span className="mt-2 block leading-7 text-slate-600">{topic.summary}</span>
                  <span className="mt-4 block text-sm font-semibold text-brand-700">
                    {topic.articles.length} articles →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </PageSection>

        <PageSection id="help-popular-title" title="Popular articles">
          <ul className="grid gap-3 sm:grid-cols-2">
            {popular.map(({ topic, article }) => (
              <li key={`${topic.slug}-${article.id}`}>
                <Link
                  to={`/help/${topic.slug}#${article.id}`}
                  className="flex items-center justify-between gap-4 rounded-xl bg-slate-50 px-5 py-4 font-medium text-slate-900 ring-1 ring-slate-200 hover:bg-white hover:ring-brand-500"
                >
                  {article.title}
                  <span className="shrink-0 text-sm text-slate-600">{topic.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </PageSection>

        <section
          aria-labelledby="help-contact-title"
          className="rounded-2xl bg-slate-900 px-6 py-10 text-center text-white"
        >
          <h2 id="help-contact-title" className="text-2xl font-bold">
            Still need help?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-200">
            Our support team is available 24/7 and answers every message.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to="/contact"
              className="rounded-xl bg-white px-6 py-3 font-bold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Contact Support
            </Link>
            <Link
              to="/faq"
              className="rounded-xl px-6 py-3 font-semibold text-white ring-1 ring-white/60 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Read the FAQ
            </Link>
          </div>
        </section>
      </PageBody>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
