import { LoadError } from "../../components/dashboard/section-state.tsx";
import type { AffiliateSummary } from "../../domain/affiliates/read-affiliate-summary.server.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";

export type SummarySection = ({ loaded: true } & AffiliateSummary) | { loaded: false; error: string };

/** Visits, sign-ups, conversions and the money: what the link has done (product rules 16.11). */
export function AffiliateFigures({ summary }: { summary: SummarySection }) {
  if (!summary.loaded)
    return (
      <div className="mt-6">
        <LoadError message={summary.error} />
      </div>
    );
  const activity = [
    { id: "visits", label: "Visits", value: formatCount(summary.visits) },
    { id: "sign-ups", label: "Sign-ups", value: formatCount(summary.signUps) },
    { id: "conversions", label: "Customers who ordered", value: formatCount(summary.conversions) },
  ];
  const money = [
    { id: "earned", label: "Earned (after refunds)", value: formatCents(summary.earnedCents) },
    { id: "reversed", label: "Taken back by refunds", value: formatCents(summary.reversedCents) },
    { id: "paid-out", label: "Paid out", value: formatCents(summary.paidOutCents) },
    { id: "balance", label: "Balance", value: formatCents(summary.balanceCents) },
  ];
  return (
    <section aria-labelledby="affiliate-figures-title" className="mt-6">
      <h2 id="affiliate-figures-title" className="sr-only">
        Your figures
      </h2>
      <Figures figures={activity} className="grid-cols-3" />
      <Figures figures={money} className="mt-3 grid-cols-2 sm:grid-cols-4" />
    </section>
  );
}

function Figures({
  figures,
  className,
}: {
  figures: { id: string; label: string; value: string }[];
  className: string;
}) {
  return (
    <dl className={`grid gap-3 ${className}`}>
      {figures.map((figure) => (
        <div
          key={figure.id}
          className={`flex flex-col justify-between rounded-2xl border p-3 shadow-sm sm:p-4 ${figure.id === "balance" ? "border-brand-200 bg-brand-50" : "border-slate-200 bg-white"}`}
        >
          <dt className="text-sm text-slate-600">{figure.label}</dt>
          <dd
            className="mt-1 text-xl font-bold text-slate-900 sm:text-2xl"
            data-testid={`affiliate-${figure.id}`}
          >
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
