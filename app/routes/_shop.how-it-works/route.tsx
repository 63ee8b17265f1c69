import { Link } from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { CallToAction } from "../../components/pages/call-to-action.tsx";
import { FaqAccordion } from "../../components/pages/faq-accordion.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { FeatureGrid, PageBody, PageSection, StepList } from "../../components/pages/section.tsx";
import { useShopFacts } from "../../components/pages/use-shop-facts.ts";
import { faqItemsById, howItWorksFaqIds } from "../../content/faq.ts";
import { PROMISE_TEXT, type ShopFacts } from "../../domain/content/shop-promises.ts";
import { formatDepositLimit } from "../../domain/payments/deposit-limit-text.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "How It Works",
    description:
      "Grow in four steps: create a free account, add funds to your wallet, choose a service and watch your growth. Delivery starts within minutes.",
    path: "/how-it-works",
    matches,
  });

/** The four steps; the deposit step quotes the minimum an admin set (product rules 11). */
const stepsFor = (facts: ShopFacts) => [
  {
    title: "Create your account",
    text: "Sign up free with your e-mail address and confirm it with one click. No credit card needed to join.",
  },
  {
    title: "Add funds",
    text: `Top up your prepaid wallet from ${formatDepositLimit(facts.minDepositCents)}. Your balance never expires and pays for any service in one click.`,
  },
  {
    title: "Choose a service",
    text: "Pick a platform and a service, enter the quantity and paste your username or post link. Never your password.",
  },
  {
    title: "Watch your growth",
    text: `${PROMISE_TEXT.delivery} Follow every order live from your dashboard.`,
  },
];

/** What happens after an order; automatic orders only while an admin has them on. */
const detailsFor = (facts: ShopFacts) => [
  {
    title: "Natural, gradual delivery",
    text: PROMISE_TEXT.pacing,
  },
  ...(facts.autoOrdersEnabled
    ? [
        {
          title: "Automatic orders",
          text: "Set up auto likes, views or comments once with your username, and every new post gets its boost without you doing anything.",
        },
      ]
    : []),
  {
    title: "Protected by guarantees",
    text: `${PROMISE_TEXT.refill} ${PROMISE_TEXT.cancel} ${PROMISE_TEXT.refunds}`,
  },
];

export default function HowItWorksPage() {
  const facts = useShopFacts();
  return (
    <main>
      <PageHero
        eyebrow="How it works"
        title="From sign-up to growth in four simple steps"
        lead="Boostly is built to be quick and transparent: one account, one wallet, and every order tracked from the moment you place it."
      />
      <PageBody>
        <PageSection id="steps-title" title="Four steps to more reach">
          <StepList steps={stepsFor(facts)} />
        </PageSection>
        <PageSection id="details-title" title="What happens after you order">
          <FeatureGrid items={detailsFor(facts)} />
        </PageSection>
        <PageSection
          id="hiw-faq-title"
          title="Questions people ask before their first order"
          className="max-w-3xl"
        >
          <FaqAccordion items={faqItemsById(howItWorksFaqIds)} />
          <p className="mt-6 text-slate-600">
            More answers in the{" "}
            <Link to="/faq" className="font-semibold text-brand-700 hover:underline">
              full FAQ
            </Link>{" "}
            and the{" "}
            <Link to="/help" className="font-semibold text-brand-700 hover:underline">
              help centre
            </Link>
            .
          </p>
        </PageSection>
        <CallToAction
          title="Start with step one"
          text="Creating your account takes less than a minute, and you can try a service for free."
          primary={{ to: "/register", label: "Create Free Account" }}
          secondary={{ to: "/free-trial", label: "Try It Free" }}
        />
      </PageBody>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
