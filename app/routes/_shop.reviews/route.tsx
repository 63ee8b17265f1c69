import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { CallToAction } from "../../components/pages/call-to-action.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { PageBody, PageSection } from "../../components/pages/section.tsx";
import { StatsBand } from "../../components/pages/stats-band.tsx";
import { testimonials } from "../../content/testimonials.ts";
import { readShopFigures } from "../../domain/content/read-shop-figures.server.ts";
import { PROMISE_TEXT } from "../../domain/content/shop-promises.ts";
import { shopDatabase } from "../../lib/database-context.server.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

/** The shop's measured figures for the band (product rules 7.10, 7.11). */
export async function loader({ context }: Route.LoaderArgs) {
  return { figures: await readShopFigures(shopDatabase(context)) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Customer Reviews",
    description:
      "Read what creators, musicians and brands say about Boostly: fast delivery, real engagement and 24/7 support.",
    path: "/reviews",
    matches,
  });

export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <PageHero
        eyebrow="Reviews"
        title="What our customers say"
        lead="Creators, artists and businesses grow with Boostly. Here are a few of their stories."
      />
      <PageBody>
        <StatsBand figures={loaderData.figures} title="Trusted by creators worldwide" />
        <PageSection id="testimonials-title" title="Stories from our customers">
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {testimonials.map((item) => (
              <li
                key={item.name}
                className="flex flex-col rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200"
              >
                <p className="text-amber-600">
                  <span className="sr-only">Rated 5 out of 5</span>
                  <span aria-hidden="true">★★★★★</span>
                </p>
                <blockquote className="mt-4 flex-1 leading-7 text-slate-700">“{item.quote}”</blockquote>
                <p className="mt-6 font-semibold text-slate-900">{item.name}</p>
                <p className="text-sm text-slate-600">
                  {item.role} · {item.service}
                </p>
              </li>
            ))}
          </ul>
        </PageSection>
        <CallToAction
          title="Write your own success story"
          text={`${PROMISE_TEXT.delivery} Our support team is here 24/7.`}
          primary={{ to: "/register", label: "Get Started" }}
          secondary={{ to: "/services/instagram", label: "Browse Services" }}
        />
      </PageBody>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
