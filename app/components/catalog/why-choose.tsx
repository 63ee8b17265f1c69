/** A "why choose Boostly" block: four short reasons. */
export function WhyChoose({ title, reasons }: { title: string; reasons: { title: string; text: string }[] }) {
  return (
    <section
      aria-labelledby="why-choose-title"
      className="rounded-3xl bg-slate-900 px-6 py-12 text-white sm:px-10"
    >
      <h2 id="why-choose-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {reasons.map((reason) => (
          <li key={reason.title} className="rounded-2xl bg-white/5 p-5 ring-1 ring-white/10">
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              className="h-6 w-6 text-emerald-400"
              aria-hidden="true"
            >
              <path
                fillRule="evenodd"
                d="M10 18a8 8 0 100-16 8 8 0 000 16zm3.86-9.81a.75.75 0 00-1.22-.88l-3.24 4.5-1.6-1.6a.75.75 0 10-1.06 1.06l2.22 2.22a.75.75 0 001.14-.09l3.76-5.21z"
                clipRule="evenodd"
              />
            </svg>
            <h3 className="mt-3 font-semibold">{reason.title}</h3>
            <p className="mt-1 text-sm leading-6 text-slate-300">{reason.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
