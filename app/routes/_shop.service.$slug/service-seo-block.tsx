import type { SeoSection } from "../../domain/seo/service-page-copy.ts";

/** The generated article about a service: what it is, how delivery works, why it helps. */
export function ServiceSeoBlock({ sections }: { sections: SeoSection[] }) {
  return (
    <section aria-label="About this service" data-testid="service-seo" className="grid gap-8 lg:grid-cols-3">
      {sections.map((section) => (
        <div key={section.heading} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-xl font-bold text-slate-900">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-7 text-slate-600">
              {paragraph}
            </p>
          ))}
        </div>
      ))}
    </section>
  );
}
