import { figureStats, type ShopFigures } from "../../domain/content/shop-figures.ts";

/** The shop's measured figures (the same ones as the home page, product rules 7.10, 7.11); nothing without one. */
export function StatsBand({
  figures,
  id = "stats-title",
  title = "Boostly in numbers",
}: {
  figures: ShopFigures;
  id?: string;
  title?: string;
}) {
  const stats = figureStats(figures);
  if (stats.length === 0) return null;
  return (
    <section aria-labelledby={id} className="rounded-3xl bg-slate-900 px-6 py-10 text-white sm:px-10">
      <h2 id={id} className="text-center text-xl font-bold tracking-tight sm:text-2xl">
        {title}
      </h2>
      <dl className="mt-8 flex flex-col justify-center gap-8 text-center sm:flex-row sm:gap-16">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse" data-testid="shop-figure">
            <dt className="mt-1 text-sm font-medium text-slate-300">{stat.label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
