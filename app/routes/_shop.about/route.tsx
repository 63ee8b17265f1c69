import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { CallToAction } from "../../components/pages/call-to-action.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { FeatureGrid, PageBody, PageSection } from "../../components/pages/section.tsx";
import { StatsBand } from "../../components/pages/stats-band.tsx";
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
    title: "About Us",
    description:
      "Boostly helps creators, artists and brands grow on Instagram, TikTok, YouTube, Spotify and more with real engagement, honest pricing and 24/7 support.",
    path: "/about",
    matches,
  });

const values = [
  {
    title: "Real engagement",
    text: "We deliver from real, active accounts at a natural pace, because growth that disappears a week later helps nobody.",
  },
  {
    title: "Your account stays yours",
    text: "We never ask for a password. A username or a post link is all we need, so you keep full control of your profile.",
  },
  {
    title: "Honest, upfront pricing",
    text: "Every service shows its price per 1,000 before you order, and you pay from a prepaid wallet with no subscriptions or hidden fees.",
  },
  {
    title: "People, not bots, in support",
    text: "Our support team is available 24/7. Every ticket and message is read and answered by a real person.",
  },
];

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <PageHero
        eyebrow="About Boostly"
        title="We help good content find its audience"
        lead="Boostly is a growth storefront for creators, artists and brands on Instagram, TikTok, YouTube, Spotify, Threads, Facebook and Twitter. Our job is to give your best work the early momentum it deserves."
      />
      <PageBody>
        <PageSection id="story-title" title="Our story">
          <div className="max-w-3xl space-y-4 text-lg leading-8 text-slate-700">
            <p>
              Boostly started with a simple frustration: great posts were disappearing because nobody saw them
              in the first hours. Algorithms reward content that already has engagement, which makes it hard
              for new creators and small businesses to get noticed at all.
            </p>
            <p>
              We built a service that gives that first push safely. You choose exactly what you need, pay from
              a prepaid wallet, and watch delivery start within minutes. Customers use Boostly to launch
              songs, grow channels and promote their shops.
            </p>
          </div>
        </PageSection>

        <StatsBand figures={loaderData.figures} />

        <PageSection id="values-title" title="What we stand for">
          <FeatureGrid items={values} columns={4} />
        </PageSection>

        <PageSection
          id="promise-title"
          title="Our promise to you"
          lead="Every order is backed by the same guarantees, whatever the platform or the size."
        >
          <ul className="grid gap-4 text-slate-700 sm:grid-cols-2">
            {[PROMISE_TEXT.delivery, PROMISE_TEXT.refill, PROMISE_TEXT.cancel, PROMISE_TEXT.refunds].map(
              (item) => (
                <li key={item} className="flex gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
                  <span className="font-bold text-emerald-700" aria-hidden="true">
                    ✓
                  </span>
                  {item}
                </li>
              ),
            )}
          </ul>
        </PageSection>

        <CallToAction
          title="Ready to grow with us?"
          text="Create your free account, top up your wallet and place your first order in a few minutes."
          primary={{ to: "/register", label: "Create Free Account" }}
          secondary={{ to: "/contact", label: "Talk to Our Team" }}
        />
      </PageBody>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
