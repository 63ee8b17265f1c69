import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { CallToAction } from "../../components/pages/call-to-action.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { FeatureGrid, PageBody, PageSection, StepList } from "../../components/pages/section.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Affiliate Program",
    description:
      "Earn a 30% lifetime commission on every order from customers you refer to Boostly, with weekly payouts and real-time tracking.",
    path: "/affiliate",
    matches,
  });

const steps = [
  {
    title: "Apply",
    text: "Tell us about your audience through the contact form (subject: Partnership). We read every application and reply by e-mail.",
  },
  {
    title: "Share your link",
    text: "Once approved you get a personal referral link to share in your content, newsletter, community or with clients.",
  },
  {
    title: "Earn for life",
    text: "Receive 30% of every order your referred customers place, for as long as they keep ordering, paid out weekly.",
  },
];

const benefits = [
  {
    title: "30% lifetime commission",
    text: "Not just on the first order: you earn on every order a referred customer places, month after month.",
  },
  {
    title: "Weekly payouts",
    text: "Commissions are paid every week, so you never wait long for what you have earned.",
  },
  {
    title: "Real-time tracking",
    text: "See clicks, sign-ups, orders and commission as they happen, and know exactly which content converts.",
  },
  {
    title: "A product people recommend",
    text: "With a 98% satisfaction rate, 24/7 support and free 30-day refills, your audience gets a service worth recommending.",
  },
];

const example = [
  { label: "Referred customers", value: "20" },
  { label: "Average spend per customer per month", value: "$50" },
  { label: "Your commission", value: "30%" },
  { label: "Your monthly earnings", value: "$300" },
];

export default function AffiliatePage() {
  return (
    <main>
      <PageHero
        eyebrow="Affiliate program"
        title="Earn 30% lifetime commission"
        lead="Recommend Boostly to creators, musicians and businesses, and earn 30% of every order they place for life, with weekly payouts."
      />
      <PageBody>
        <PageSection id="affiliate-how-title" title="How the program works">
          <StepList steps={steps} />
        </PageSection>
        <PageSection id="affiliate-benefits-title" title="Why partners choose Boostly">
          <FeatureGrid items={benefits} columns={4} />
        </PageSection>
        <PageSection
          id="affiliate-example-title"
          title="What you could earn"
          lead="An example: commission is calculated on the amount your referred customers spend on orders."
        >
          <dl className="grid max-w-3xl gap-4 sm:grid-cols-2">
            {example.map((row) => (
              <div key={row.label} className="rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">{row.label}</dt>
                <dd className="mt-1 text-2xl font-bold text-slate-900">{row.value}</dd>
              </div>
            ))}
          </dl>
        </PageSection>
        <PageSection id="affiliate-rules-title" title="The fine print" className="max-w-3xl">
          <ul className="list-disc space-y-2 pl-5 leading-7 text-slate-700">
            <li>
              Commission applies to completed orders; refunded or cancelled orders do not earn commission.
            </li>
            <li>Self-referrals and paid ads bidding on the Boostly name are not allowed.</li>
            <li>Payouts are sent weekly for the commission earned in the previous week.</li>
          </ul>
        </PageSection>
        <CallToAction
          title="Become a Boostly partner"
          text="Send us a short note about your audience and how you plan to share Boostly. We usually reply within 2 hours."
          primary={{ to: "/contact?subject=partnership", label: "Apply Now" }}
          secondary={{ to: "/reseller", label: "Reseller Panel" }}
        />
      </PageBody>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
