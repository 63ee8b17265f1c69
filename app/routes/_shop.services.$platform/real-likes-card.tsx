import { Link } from "react-router";
import { formatCents, formatCount } from "../../lib/format-money.ts";

/** "500, 1,000 or 10,000 likes": the packs' fixed sizes, smallest first. */
function packSizesText(sizes: readonly number[]): string {
  const texts = [...sizes].sort((a, b) => a - b).map(formatCount);
  const last = texts.pop();
  return `${texts.length ? `${texts.join(", ")} or ` : ""}${last} likes`;
}

/**
 * The Real Instagram Likes card of the Instagram list: its from-price and the packs' own sizes (they take no
 * quantity of the customer's); it goes straight to the small pack's order page.
 */
export function RealLikesCard({ fromCents, packSizes }: { fromCents: number; packSizes: readonly number[] }) {
  return (
    <article
      data-testid="real-likes-card"
      aria-labelledby="real-likes-title"
      className="relative flex flex-col overflow-hidden rounded-2xl border-2 border-brand-500 bg-gradient-to-br from-brand-50 to-white p-6 shadow-md"
    >
      <span className="absolute right-4 top-4 rounded-full bg-pink-600 px-2.5 py-0.5 text-xs font-bold text-white">
        BEST VALUE
      </span>
      <h3 id="real-likes-title" className="pr-24 text-lg font-bold text-slate-900">
        Real Instagram Likes
      </h3>
      <p className="mt-2 text-sm font-semibold text-brand-700">From {formatCents(fromCents)}</p>
      <p className="mt-3 flex-1 text-sm leading-6 text-slate-600">
        Likes from real, active Instagram users in ready-made packs, with optional extra likes, views and
        comments.
      </p>
      <dl className="mt-4 rounded-xl bg-white/70 p-3 text-sm">
        <dt className="text-xs text-slate-500">Packs</dt>
        <dd className="font-semibold text-slate-900" data-testid="real-likes-pack-sizes">
          {packSizesText(packSizes)}
        </dd>
      </dl>
      <p className="mt-3 text-xs text-slate-500">Delivery: starts within minutes, to your post</p>
      <Link
        to="/order/real-instagram-likes-small"
        aria-label="Order Now: Real Instagram Likes"
        className="mt-5 rounded-lg bg-brand-600 px-4 py-2.5 text-center text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        Order Now
      </Link>
    </article>
  );
}
