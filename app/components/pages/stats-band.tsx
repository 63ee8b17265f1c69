import { headlineStats } from "../../content/marketing.ts";

/** The site's headline figures (the same ones as the home page). */
export function StatsBand({
  id = "stats-title",
  title = "Boostly in numbers",
}: {
  id?: string;
  title?: string;
}) {
  return (
    <section aria-labelledby={id} className="rounded-3xl bg-slate-900 px-6 py-10 text-white sm:px-10">
      <h2 id={id} className="text-center text-xl font-bold tracking-tight sm:text-2xl">
        {title}
      </h2>
      <dl className="mt-8 grid grid-cols-2 gap-8 text-center md:grid-cols-4">
        {headlineStats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm font-medium text-slate-300">{stat.label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
