import type { FaqItem } from "../../domain/seo/service-page-copy.ts";

/** The generated questions and answers, each in a native disclosure (works without JavaScript). */
export function ServiceFaq({ title, items }: { title: string; items: FaqItem[] }) {
  return (
    <section aria-labelledby="service-faq-heading" data-testid="service-faq">
      <h2 id="service-faq-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {items.map((item) => (
          <details key={item.question} className="group px-5 py-4 sm:px-6">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600">
              <span>{item.question}</span>
              <span
                aria-hidden="true"
                className="text-xl leading-none text-brand-600 transition group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <p className="mt-3 leading-7 text-slate-600">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
