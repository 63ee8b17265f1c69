import { Link } from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { FaqAccordion } from "../../components/pages/faq-accordion.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { PageBody, PageSection } from "../../components/pages/section.tsx";
import { faqGroups } from "../../content/faq.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Frequently Asked Questions",
    description:
      "Answers about ordering, delivery times, payments, the prepaid wallet, refunds, refills and cancels at Boostly.",
    path: "/faq",
    matches,
  });

export default function FaqPage() {
  return (
    <main>
      <PageHero
        eyebrow="FAQ"
        title="Frequently asked questions"
        lead="Everything you need to know about ordering, payments, delivery and our guarantees. Can't find your answer? Our team is here 24/7."
      />
      <PageBody narrow>
        <nav aria-label="FAQ topics">
          <ul className="flex flex-wrap gap-2">
            {faqGroups.map((group) => (
              <li key={group.id}>
                <a
                  href={`#${group.id}`}
                  className="inline-block rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:border-brand-500 hover:text-brand-700"
                >
                  {group.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {faqGroups.map((group) => (
          <PageSection key={group.id} id={group.id} title={group.title} className="scroll-mt-24">
            <FaqAccordion items={group.items} />
          </PageSection>
        ))}
        <p className="rounded-2xl bg-slate-50 p-6 text-slate-700 ring-1 ring-slate-200">
          Still have a question?{" "}
          <Link to="/contact" className="font-semibold text-brand-700 hover:underline">
            Contact us
          </Link>{" "}
          or browse the{" "}
          <Link to="/help" className="font-semibold text-brand-700 hover:underline">
            help centre
          </Link>
          . We answer every message.
        </p>
      </PageBody>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
