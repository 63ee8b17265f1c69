import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { CallToAction } from "../../components/pages/call-to-action.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { FeatureGrid, PageBody, PageSection, StepList } from "../../components/pages/section.tsx";
import { PROMISE_TEXT } from "../../domain/content/shop-promises.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Reseller Panel",
    description:
      "Resell Boostly's growth services under your own brand: the full catalogue, one prepaid wallet, the standard panel API and 24/7 support for your orders.",
    path: "/reseller",
    matches,
  });

const offers = [
  {
    title: "The whole catalogue",
    text: "Likes, followers, views, comments, plays and subscribers for Instagram, TikTok, YouTube, Spotify, Threads, Facebook and Twitter, ready to sell under your own brand.",
  },
  {
    title: "Connect your panel",
    text: "Our API speaks the standard panel protocol, so you can add Boostly as a provider to your own panel and route orders automatically.",
  },
  {
    title: "One wallet for everything",
    text: "Top up once and every order, from the website or the API, is paid from the same balance, with a full transaction history for your bookkeeping.",
  },
  {
    title: "Guarantees your clients feel",
    text: `${PROMISE_TEXT.delivery} ${PROMISE_TEXT.refill} ${PROMISE_TEXT.cancel}`,
  },
  {
    title: "Volume pricing",
    text: "High-volume resellers can ask for pricing that grows with them. Tell us about your monthly volume and we will make you an offer.",
  },
  {
    title: "Priority support",
    text: "Our team is available 24/7 and answers reseller questions with priority, so your clients never wait on us.",
  },
];

const steps = [
  {
    title: "Create your account",
    text: "Sign up for free and top up your wallet. Resellers use the same account as every customer.",
  },
  {
    title: "Get your API key",
    text: "Create a key in your profile and add Boostly to your panel with the endpoint from the API page.",
  },
  {
    title: "Import the services",
    text: "Load the catalogue with action=services, set your own prices, and start selling.",
  },
];

export default function ResellerPage() {
  return (
    <main>
      <PageHero
        eyebrow="Reseller panel"
        title="Sell growth services under your own brand"
        lead="Agencies, freelancers and panel owners use Boostly as their provider: a reliable catalogue, fast delivery and an API that plugs straight into your panel."
      />
      <PageBody>
        <PageSection id="reseller-offers-title" title="What you get as a reseller">
          <FeatureGrid items={offers} />
        </PageSection>
        <PageSection id="reseller-start-title" title="How to start">
          <StepList steps={steps} />
        </PageSection>
        <CallToAction
          title="Ready to resell Boostly?"
          text="Open your account now, or tell us about your business first and we will help you set up."
          primary={{ to: "/register", label: "Create Reseller Account" }}
          secondary={{ to: "/contact?subject=partnership", label: "Talk to Our Team" }}
        />
      </PageBody>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
