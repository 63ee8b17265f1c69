import { useShopFacts } from "../../components/pages/use-shop-facts.ts";
import { PROMISE_TEXT, paymentSentence, type ShopFacts } from "../../domain/content/shop-promises.ts";
import { SectionHeading } from "./section-heading.tsx";

/** The home page's questions; a payment answer names only the methods the shop takes (product rules 11). */
const questionsFor = (facts: ShopFacts) => [
  {
    q: "Do you need my password?",
    a: "Never. We only need your username or the link to your post. Your account stays fully in your control.",
  },
  {
    q: "How fast is delivery?",
    a: `${PROMISE_TEXT.delivery} ${PROMISE_TEXT.pacing}`,
  },
  {
    q: "Is it safe for my account?",
    a: "Yes. We deliver gradually from real, active accounts and never ask for your login, so your account stays safe.",
  },
  {
    q: "What if my followers or likes drop?",
    a: `${PROMISE_TEXT.refill} If we cannot deliver your order, the money goes back to your wallet.`,
  },
  {
    q: "How do I pay?",
    a: `Add funds to your prepaid wallet, then pay for orders from your balance in one click. ${paymentSentence(facts)}`,
  },
  {
    q: "Can I get a refund?",
    a: `${PROMISE_TEXT.refunds} ${PROMISE_TEXT.cancel}`,
  },
];

/** Frequently asked questions as native accordions. */
export function Faq() {
  const questions = questionsFor(useShopFacts());
  return (
    <section aria-labelledby="faq-title" className="bg-slate-50 py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="mt-12 space-y-3">
          {questions.map((item) => (
            <details key={item.q} className="group rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {item.q}
                <span className="text-xl text-brand-600 transition group-open:rotate-45" aria-hidden="true">
                  +
                </span>
              </summary>
              <p className="mt-3 leading-7 text-slate-600">{item.a}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
