import { Link } from "react-router";
import { FIGURE_PERIODS, type FigurePeriod } from "../../domain/admin/figures-period.ts";

/** The dashboard's period (product rules 13.33): the last 7, 30 or 90 days, one link each, the current one marked. */
export function PeriodControl({ current }: { current: FigurePeriod }) {
  return (
    <nav aria-label="Period" data-testid="period-control">
      <ul className="inline-flex rounded-lg border border-slate-200 bg-white p-1 text-sm">
        {FIGURE_PERIODS.map((days) => (
          <li key={days}>
            <Link
              to={`/admin?days=${days}`}
              aria-current={days === current ? "page" : undefined}
              preventScrollReset
              className={`block rounded-md px-3 py-1.5 font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
                days === current ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
              }`}
            >
              {days} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
