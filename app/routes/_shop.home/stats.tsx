import { figureStats, type ShopFigures } from "../../domain/content/shop-figures.ts";

/**
 * The shop's figures, measured from its own data or not shown (product rules 7.10, 7.11); the section is left out
 * when there is none.
 */
export function Stats({ figures }: { figures: ShopFigures }) {
  const stats = figureStats(figures);
  if (stats.length === 0) return null;
  return (
    <section
      aria-labelledby="stats-title"
      className="bg-gradient-to-r from-brand-700 to-pink-600 py-16 text-white"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="stats-title" className="sr-only">
          Boostly in numbers
        </h2>
        <dl className="flex flex-col justify-center gap-8 text-center sm:flex-row sm:gap-16">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse" data-testid="shop-figure">
              <dt className="mt-1 text-sm font-medium text-white/85">{stat.label}</dt>
              <dd className="text-4xl font-extrabold tracking-tight sm:text-5xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
