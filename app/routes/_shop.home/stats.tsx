import { headlineStats as stats } from "../../content/marketing.ts";

/** Headline figures. */
export function Stats() {
  return (
    <section
      aria-labelledby="stats-title"
      className="bg-gradient-to-r from-brand-700 to-pink-600 py-16 text-white"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="stats-title" className="sr-only">
          Boostly in numbers
        </h2>
        <dl className="grid grid-cols-2 gap-8 text-center md:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-sm font-medium text-white/85">{stat.label}</dt>
              <dd className="text-4xl font-extrabold tracking-tight sm:text-5xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
