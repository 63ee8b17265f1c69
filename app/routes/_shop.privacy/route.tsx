import { Link } from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { LegalDocument, type LegalSection } from "../../components/pages/legal-document.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Privacy Policy",
    description:
      "What personal data Boostly collects, why, how long we keep it, who processes it and the rights you have over it.",
    path: "/privacy",
    matches,
  });

const sections: LegalSection[] = [
  {
    id: "summary",
    title: "In short",
    paragraphs: [
      "We collect only what we need to run your account and deliver your orders. We never ask for your social-media passwords, we never sell your data, and you can ask us to delete your account at any time.",
    ],
  },
  {
    id: "data-we-collect",
    title: "Data we collect",
    paragraphs: [
      "Account data: your e-mail address and a securely hashed password. Order data: the services you buy, the usernames or links you give us and the amounts you pay. Wallet data: deposits, purchases and refunds.",
      "Messages: what you send us through the contact form or support tickets, with the name and e-mail address you give. Usage data: pages visited and basic device information, recorded by our own first-party analytics.",
    ],
  },
  {
    id: "payments",
    title: "Payments",
    paragraphs: [
      "Card payments are handled by our payment processor. Boostly never receives or stores your full card number; we keep only the payment reference, the amount and its status.",
    ],
  },
  {
    id: "use",
    title: "How we use your data",
    paragraphs: [
      "To create and secure your account, deliver and support your orders, keep your wallet accurate, answer your messages, prevent fraud and abuse, and improve the website. We send you service e-mails such as confirmations and password resets; we do not send marketing e-mail unless you subscribe.",
    ],
  },
  {
    id: "cookies",
    title: "Cookies",
    paragraphs: [
      "We use a session cookie to keep you signed in and a first-party cookie to count visits. We do not use third-party advertising cookies.",
    ],
  },
  {
    id: "retention",
    title: "How long we keep data",
    paragraphs: [
      "Account and order data are kept while your account is open. Transaction records are kept as long as accounting law requires. Contact messages are deleted once they are no longer needed to help you.",
    ],
  },
  {
    id: "rights",
    title: "Your rights",
    paragraphs: [
      "You can ask for a copy of your data, ask us to correct it, or ask us to delete your account and the data linked to it. Write to us through the contact page from the address on your account and we reply within 30 days.",
    ],
  },
  {
    id: "security",
    title: "Security",
    paragraphs: [
      "Connections to Boostly are encrypted, passwords are stored only as hashes, and access to customer data is limited to staff who need it to help you.",
    ],
  },
];

export default function PrivacyPage() {
  return (
    <main>
      <PageHero
        eyebrow="Legal"
        title="Privacy Policy"
        lead="How we handle your personal data: what we collect, why, and the control you keep over it."
      />
      <LegalDocument updated="1 November 2026" sections={sections} />
      <p className="mx-auto max-w-3xl px-4 pb-16 text-slate-700 sm:px-6 lg:px-8">
        Privacy questions or requests?{" "}
        <Link to="/contact" className="font-semibold text-brand-700 hover:underline">
          Contact us
        </Link>
        .
      </p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShopRouteError error={error} />;
}
