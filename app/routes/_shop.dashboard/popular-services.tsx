import { Link } from "react-router";
import { EmptyState, LoadError } from "../../components/dashboard/section-state.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import type { LikesPackSummary } from "../../domain/catalog/list-likes-packs.server.ts";
import type { Section } from "../../domain/dashboard/read-dashboard.server.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";

/** The Real Instagram Likes packs from the catalogue, each linking to its order page. */
export function PopularServices({ packs }: { packs: Section<LikesPackSummary[]> }) {
  return (
    <Card className="mt-8">
      <CardHeader title="Popular Services" description="Real Instagram Likes packs, delivered to one post." />
      {!packs.loaded ? (
        <LoadError message={packs.error} />
      ) : packs.data.length === 0 ? (
        <EmptyState>No packs available right now</EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-3">
          {packs.data.map((pack) => (
            <li key={pack.code}>
              <Link
                to={`/order/real-instagram-likes-${pack.code}`}
                data-testid={`popular-pack-${pack.code}`}
                className="block rounded-xl border border-slate-200 p-4 transition hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="block text-xs font-bold tracking-wide text-brand-700">
                  {pack.code.toUpperCase()}
                </span>
                <span className="mt-1 block font-semibold text-slate-900">
                  {formatCount(pack.likes)} likes
                </span>
                <span className="mt-1 block text-lg font-bold text-slate-900">
                  {formatCents(pack.priceCents)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
