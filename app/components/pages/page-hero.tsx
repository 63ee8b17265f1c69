import type { ReactNode } from "react";

/** The gradient banner that opens every public page, with the page's one h1. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-700 via-brand-600 to-pink-600 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{eyebrow}</p>
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-8 text-brand-50">{lead}</p>
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}
