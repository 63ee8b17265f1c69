import { Link } from "react-router";
import { ShopRouteError } from "../../components/layout/page-error.tsx";
import { LegalDocument, type LegalSection } from "../../components/pages/legal-document.tsx";
import { PageHero } from "../../components/pages/page-hero.tsx";
import { useShopFacts } from "../../components/pages/use-shop-facts.ts";
import {
  minimumDepositSentence,
  PROMISE_TEXT,
  PROMISES,
  paymentSentence,
  type ShopFacts,
} from "../../domain/content/shop-promises.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Terms of Service",
    description:
      "The terms that apply when you use Boostly: accounts, the prepaid wallet, orders, delivery, cancellations, refunds, refills and acceptable use.",
    path: "/terms",
    matches,
  });

/** The terms; the wallet's minimum and the payment methods are the shop's current ones (product rules 11). */
const sectionsFor = (facts: ShopFacts): LegalSection[] => [
  {
    id: "acceptance",
    title: "Acceptance of these terms",
    paragraphs: [
      "These terms govern your use of the Boostly website and services. By creating an account or placing an order you agree to them. If you do not agree, please do not use Boostly.",
    ],
  },
  {
    id: "accounts",
    title: "Your account",
    paragraphs: [
      "You need an account to place orders. You must give a valid e-mail address, confirm it, and keep your password to yourself. You are responsible for everything done through your account.",
      "We never ask for the passwords of your social-media accounts, and you should never share them with anyone claiming to be from Boostly.",
    ],
  },
  {
    id: "wallet",
    title: "The prepaid wallet",
    paragraphs: [
      `Orders are paid from a prepaid balance in US dollars. ${minimumDepositSentence(facts)} Your balance does not expire and cannot be transferred to another account.`,
      paymentSentence(facts),
      "The balance is credited only once the payment provider confirms your payment. Each deposit, purchase, refund and bonus is recorded in your transaction history.",
    ],
  },
  {
    id: "orders",
    title: "Orders and delivery",
    paragraphs: [
      "Before you confirm an order you see its price, calculated from the quantity and the service's price per 1,000. The amount is taken from your wallet when the order is accepted.",
      `${PROMISE_TEXT.delivery} ${PROMISE_TEXT.pacing} The target profile or post must stay public and available until delivery completes.`,
      "Delivery times are estimates. Delays caused by the platforms themselves, private profiles or deleted posts are not a breach of these terms.",
    ],
  },
  {
    id: "cancellations-refunds",
    title: "Cancellations, refunds and refills",
    paragraphs: [
      PROMISE_TEXT.cancel,
      `${PROMISE_TEXT.refunds} A question about any other charge goes to our billing support, where a person looks at it.`,
      `If a delivered order of a service that offers refills drops within that service's refill window (usually ${PROMISES.refillWindowDays} days) of ending, we refill it free of charge on request; a service without a refill says so on its page.`,
    ],
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    paragraphs: [
      "You may only order for profiles and content you own or are authorised to promote. You may not use Boostly for content that is illegal, hateful, deceptive or that infringes anyone's rights, and we may refuse or cancel such orders with a refund.",
      "Automated access to the website is only allowed through the reseller API with your own key. Attempts to abuse payments, refunds or free trials lead to the closure of the account.",
    ],
  },
  {
    id: "platforms",
    title: "Third-party platforms",
    paragraphs: [
      "Boostly is not affiliated with Instagram, TikTok, YouTube, Spotify, Threads, Facebook or Twitter. Each platform has its own rules, and you remain responsible for your accounts on them.",
    ],
  },
  {
    id: "liability",
    title: "Liability",
    paragraphs: [
      "We provide our services with care but cannot guarantee specific results such as reach, sales or ranking. To the extent the law allows, our liability for any order is limited to the amount you paid for it.",
    ],
  },
  {
    id: "changes",
    title: "Changes to these terms",
    paragraphs: [
      "We may update these terms from time to time. The date at the top shows the latest version; material changes are announced on the website before they take effect.",
    ],
  },
];

export default function TermsPage() {
  return (
    <main>
      <PageHero
        eyebrow="Legal"
        title="Terms of Service"
        lead="The rules that apply to your account, your wallet and your orders, written to be read."
      />
      <LegalDocument updated="1 November 2026" sections={sectionsFor(useShopFacts())} />
      <p className="mx-auto max-w-3xl px-4 pb-16 text-slate-700 sm:px-6 lg:px-8">
        Questions about these terms?{" "}
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
