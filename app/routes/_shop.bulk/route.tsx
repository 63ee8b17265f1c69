import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { CallToAction } from "../../components/pages/call-to-action.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { FeatureGrid, PageBody, PageSection } from "../../components/pages/section.tsx";
import { PROMISE_TEXT } from "../../domain/content/shop-promises.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Bulk Orders",
    description:
      "Order growth services for many posts, profiles or campaigns at once: Quick Order, automatic orders, the API, or a tailored bulk plan from our team.",
    path: "/bulk",
    matches,
  });

const ways = [
  {
    title: "Quick Order",
    text: "Choose any service, enter the link and quantity, and pay from your wallet in one step. Repeat for each post in seconds.",
  },
  {
    title: "Automatic orders",
    text: "Cover up to 100 future posts of a profile at once: every new post receives its likes, views or comments automatically.",
  },
  {
    title: "Mass order",
    text: "Paste up to 100 lines of service id | link | quantity, check each line's price in the preview, then place them all at once from your wallet.",
  },
  {
    title: "The API",
    text: "Place hundreds of orders from a spreadsheet or your own tools through the reseller API, paid from the same wallet.",
  },
];

const benefits = [
  {
    title: "One balance, many orders",
    text: "Top up once and spread your budget over as many posts, profiles and platforms as you need.",
  },
  {
    title: "Gradual, natural delivery",
    text: `${PROMISE_TEXT.pacing} ${PROMISE_TEXT.delivery}`,
  },
  {
    title: "Every order tracked",
    text: "Each order gets its own number and status in your dashboard, which makes reporting to clients simple.",
  },
  {
    title: "The same guarantees",
    text: `${PROMISE_TEXT.refill} ${PROMISE_TEXT.refunds} The same for every order, however many you place.`,
  },
];

export default function BulkPage() {
  return (
    <main>
      <PageHero
        eyebrow="Bulk orders"
        title="Growth for every post, profile and campaign"
        lead="Running a launch, a roster of clients or a busy content calendar? Place many orders at once and manage them all from one wallet and one dashboard."
      />
      <PageBody>
        <PageSection id="bulk-ways-title" title="Four ways to order in bulk">
          <FeatureGrid items={ways} />
        </PageSection>
        <PageSection id="bulk-benefits-title" title="Why bulk buyers choose Boostly">
          <FeatureGrid items={benefits} columns={4} />
        </PageSection>
        <PageSection
          id="bulk-plan-title"
          title="Need more than the listed maximum?"
          lead="For volumes beyond a service's maximum quantity, or a campaign spread over several weeks, our team prepares a bulk plan with a schedule and a single quote. Send us the platforms, services and volumes you have in mind."
        >
          <p className="text-slate-700">We answer every request by e-mail, 24/7.</p>
        </PageSection>
        <CallToAction
          title="Start your bulk order"
          text="Place your orders now with Mass Order, or ask our team for a tailored bulk plan."
          primary={{ to: "/mass-order", label: "Open Mass Order" }}
          secondary={{ to: "/contact?subject=general", label: "Request a Bulk Plan" }}
        />
      </PageBody>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
