import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { CallToAction } from "../../components/pages/call-to-action.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { FeatureGrid, PageBody, PageSection, StepList } from "../../components/pages/section.tsx";
import { PROMISE_TEXT } from "../../domain/content/shop-promises.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Custom Packages",
    description:
      "A growth package built around your goal: combine services and platforms, set your own quantities and schedule, and get one clear quote from the Boostly team.",
    path: "/custom",
    matches,
  });

const examples = [
  {
    title: "Music release",
    text: "Spotify plays and saves for a new single, with YouTube views for the video and Instagram likes for the announcement posts.",
  },
  {
    title: "Product launch",
    text: "Followers for a new brand profile plus automatic likes on the first weeks of posts, so the launch looks as busy as it is.",
  },
  {
    title: "Creator growth plan",
    text: "A monthly mix of views, likes and comments across TikTok and Instagram, delivered on the schedule of your content calendar.",
  },
];

const steps = [
  {
    title: "Tell us your goal",
    text: "Send us the platforms, the profiles and what you want to achieve through the contact form.",
  },
  {
    title: "Get your proposal",
    text: "Our team suggests the right mix of services, quantities and timing, with one clear price.",
  },
  {
    title: "Approve and grow",
    text: "Top up your wallet, approve the plan, and follow every part of it in your dashboard.",
  },
];

export default function CustomPage() {
  return (
    <main>
      <PageHero
        eyebrow="Custom packages"
        title="A growth package built around your goal"
        lead="When a single service is not enough, we put together a package for you: several services and platforms, your own quantities and a schedule that fits your plans."
      />
      <PageBody>
        <PageSection id="custom-examples-title" title="Packages our customers build">
          <FeatureGrid items={examples} />
        </PageSection>
        <PageSection id="custom-steps-title" title="How it works">
          <StepList steps={steps} />
        </PageSection>
        <PageSection id="custom-included-title" title="Included in every package" className="max-w-3xl">
          <ul className="list-disc space-y-2 pl-5 leading-7 text-slate-700">
            <li>{PROMISE_TEXT.delivery}</li>
            <li>{PROMISE_TEXT.refill}</li>
            <li>A real person on our team to talk to, 24/7.</li>
          </ul>
        </PageSection>
        <CallToAction
          title="Let's build your package"
          text="Describe your goal and we answer by e-mail. Prefer to start on your own? Every service is available right away."
          primary={{ to: "/contact?subject=general", label: "Request a Custom Package" }}
          secondary={{ to: "/quick-order", label: "Order a Single Service" }}
        />
      </PageBody>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
