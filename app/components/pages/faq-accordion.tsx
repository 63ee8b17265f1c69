import { type FaqItem, faqAnswer } from "../../content/faq.ts";
import { useShopFacts } from "./use-shop-facts.ts";

/** Questions and answers as native accordions (work without JavaScript). */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const facts = useShopFacts();
  return (
    <div className="space-y-3">
      {items
        .filter((item) => item.shownWhen?.(facts) ?? true)
        .map((item) => (
          <details
            key={item.id}
            id={item.id}
            className="group rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
              {item.question}
              <span className="text-xl text-brand-700 transition group-open:rotate-45" aria-hidden="true">
                +
              </span>
            </summary>
            <p className="mt-3 leading-7 text-slate-600">{faqAnswer(item, facts)}</p>
          </details>
        ))}
    </div>
  );
}
