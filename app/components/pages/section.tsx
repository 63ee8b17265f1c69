import type { ReactNode } from "react";

/** A page section with its h2 (labelled for assistive technology) and optional lead text. */
export function PageSection({
  id,
  title,
  lead,
  children,
  className = "",
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 max-w-3xl text-lg leading-8 text-slate-600">{lead}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** The page body's width and vertical rhythm. */
export function PageBody({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <div
      className={`mx-auto space-y-16 px-4 py-12 sm:px-6 sm:py-16 lg:px-8 ${narrow ? "max-w-3xl" : "max-w-7xl"}`}
    >
      {children}
    </div>
  );
}

/** A grid of titled cards (features, benefits, offers). */
export function FeatureGrid({
  items,
  columns = 3,
}: {
  items: readonly { title: string; text: string }[];
  columns?: 2 | 3 | 4;
}) {
  const cols = {
    2: "sm:grid-cols-2",
    3: "sm:grid-cols-2 lg:grid-cols-3",
    4: "sm:grid-cols-2 lg:grid-cols-4",
  }[columns];
  return (
    <ul className={`grid gap-6 ${cols}`}>
      {items.map((item) => (
        <li key={item.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h3 className="text-lg font-bold text-slate-900">{item.title}</h3>
          <p className="mt-2 leading-7 text-slate-600">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Numbered steps, as an ordered list. */
export function StepList({ steps }: { steps: readonly { title: string; text: string }[] }) {
  return (
    <ol className={`grid gap-6 sm:grid-cols-2 ${steps.length >= 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <span
            className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <h3 className="mt-5 text-lg font-bold text-slate-900">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 leading-7 text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
