export type LegalSection = { id: string; title: string; paragraphs: readonly string[] };

/** A legal text (terms, privacy): a table of contents, then numbered sections. */
export function LegalDocument({ updated, sections }: { updated: string; sections: readonly LegalSection[] }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <p className="text-sm text-slate-600">Last updated: {updated}</p>
      <nav aria-labelledby="toc-title" className="mt-6 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
        <h2 id="toc-title" className="text-sm font-semibold uppercase tracking-wider text-slate-700">
          Contents
        </h2>
        <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-brand-700">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10 space-y-10">
        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id} className="scroll-mt-24">
            <h2 id={section.id} className="text-xl font-bold text-slate-900">
              {index + 1}. {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mt-3 leading-7 text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
