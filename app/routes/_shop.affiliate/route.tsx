import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { CallToAction } from "../../components/pages/call-to-action.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { FeatureGrid, PageBody, PageSection, StepList } from "../../components/pages/section.tsx";
import { PROMISE_TEXT } from "../../domain/content/shop-promises.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

// Product rules 11.3: the visitors' page promises no referral commission until the programme is complete (the
// signed-in customer's own page is /affiliate/dashboard, 16.11); it invites partners to talk to us, which the
// contact form really does.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Partnerships",
    description:
      "Want to recommend Boostly to your audience or work with us? Tell us about your plans through the contact form and we will talk it through.",
    path: "/affiliate",
    matches,
  });

const steps = [
  {
    title: "Tell us about your audience",
    text: "Write to us through the contact form (subject: Partnership): who you reach and how you would like to work with Boostly.",
  },
  {
    title: "Talk it through",
    text: "A real person on our team reads every message and answers by e-mail.",
  },
  {
    title: "Agree what fits",
    text: "Anything we agree is arranged with you in person.",
  },
];

const reasons = [
  {
    title: "Services that exist",
    text: "Every service on the site can be ordered right away, with its price worked out by the server and shown before you pay.",
  },
  {
    title: "Refill terms up front",
    text: PROMISE_TEXT.refill,
  },
  {
    title: "Refunds to the wallet",
    text: PROMISE_TEXT.refunds,
  },
  {
    title: "Reseller API",
    text: "Agencies can place and follow orders from their own scripts with the standard panel API.",
  },
];

export default function PartnershipsPage() {
  return (
    <main>
      <PageHero
        eyebrow="Partnerships"
        title="Work with Boostly"
        lead="Recommend Boostly to creators, musicians and businesses, or build it into what you offer. Tell us what you have in mind and we will talk."
      />
      <PageBody>
        <PageSection id="affiliate-how-title" title="How to get in touch">
          <StepList steps={steps} />
        </PageSection>
        <PageSection id="affiliate-benefits-title" title="What your audience gets">
          <FeatureGrid items={reasons} columns={4} />
        </PageSection>
        <CallToAction
          title="Talk to us about a partnership"
          text="Send us a short note about your audience and how you would like to work with Boostly."
          primary={{ to: "/contact?subject=partnership", label: "Contact Us" }}
          secondary={{ to: "/reseller", label: "Reseller Panel" }}
        />
      </PageBody>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
