import { Link } from "react-router";
import { formatCents } from "../../lib/format-money.ts";
import { SectionHeading } from "./section-heading.tsx";

// The cards' copy; their prices come from the catalogue (product rules 7.9).
const categories = [
  {
    platform: "instagram",
    name: "Instagram",
    badge: "Most Popular",
    text: "Likes, followers, views, comments and auto likes.",
    tone: "from-amber-400 via-pink-500 to-purple-600",
  },
  {
    platform: "youtube",
    name: "YouTube",
    badge: null,
    text: "Views, subscribers, likes and watch time.",
    tone: "from-red-500 to-red-700",
  },
  {
    platform: "spotify",
    name: "Spotify",
    badge: null,
    text: "Plays, followers, saves and monthly listeners.",
    tone: "from-emerald-500 to-green-700",
  },
  {
    platform: "tiktok",
    name: "TikTok",
    badge: "New",
    text: "Followers, likes, views, shares and sound plays.",
    tone: "from-slate-800 to-cyan-600",
  },
] as const;

/**
 * The platform grid: each card with its from-price, the least one order of the platform's services costs
 * (product rules 7.9); a platform with nothing to order has no card.
 */
export function CategoryGrid({ fromPrices }: { fromPrices: Record<string, number> }) {
  const cards = categories.flatMap((category) => {
    const from = fromPrices[category.platform];
    return from === undefined ? [] : [{ ...category, from: formatCents(from) }];
  });
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading
        id="categories-title"
        eyebrow="Services"
        title="Choose your platform"
        lead="Everything you need to grow, in one place."
      />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((category) => (
          <li key={category.platform} data-platform={category.platform}>
            <Link
              to={`/services/${category.platform}`}
              className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-1 hover:shadow-lg"
            >
              {category.badge ? (
                <span className="absolute right-4 top-4 rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-bold text-brand-800">
                  {category.badge}
                </span>
              ) : null}
              <span
                className={`flex h-12 w-12 items-center justify-center rounded-xl bg-gradient-to-br text-lg font-extrabold text-white ${category.tone}`}
                aria-hidden="true"
              >
                {category.name.charAt(0)}
              </span>
              <span className="mt-5 text-xl font-bold text-slate-900">{category.name}</span>
              <span className="mt-2 flex-1 text-sm leading-6 text-slate-600">{category.text}</span>
              <span className="mt-4 text-sm text-slate-600" data-testid="platform-from-price">
                from <span className="text-lg font-extrabold text-slate-900">{category.from}</span> an order
              </span>
              <span className="mt-4 text-sm font-semibold text-brand-700 group-hover:underline">
                View services →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
