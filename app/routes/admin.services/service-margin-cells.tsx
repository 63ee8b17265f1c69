import type { ServiceMargin } from "../../domain/fulfilment/provider-costs.server.ts";
import { formatExactRate } from "../../lib/format-money.ts";

/** The headings of the two cells below, in the services table. */
export const MARGIN_HEADINGS = ["Cost / 1000", "Margin"];

/**
 * A service's cost at its provider and its margin (product rules 13.30), in the unit of its price (per 1000, or
 * per package): "No provider" and "Cost unknown" said plainly, a price below cost in red.
 */
export function ServiceMarginCells({
  margin,
  perPackage,
}: {
  margin: ServiceMargin | undefined;
  /** A Package: its cost and margin are per package, as its price is. */
  perPackage: boolean;
}) {
  const unit = perPackage ? " per package" : "";
  if (!margin || margin.kind === "no_provider")
    return (
      <>
        <td
          className="px-4 py-3 text-slate-500"
          data-testid="admin-service-cost"
          data-label={MARGIN_HEADINGS[0]}
        >
          No provider
        </td>
        <td
          className="px-4 py-3 text-slate-500"
          data-testid="admin-service-margin"
          data-label={MARGIN_HEADINGS[1]}
        >
          –
        </td>
      </>
    );
  if (margin.kind === "cost_unknown")
    return (
      <>
        <td className="px-4 py-3" data-testid="admin-service-cost" data-label={MARGIN_HEADINGS[0]}>
          <div className="text-amber-800">Cost unknown</div>
          <div className="text-slate-500">{margin.providerName}</div>
        </td>
        <td
          className="px-4 py-3 text-slate-500"
          data-testid="admin-service-margin"
          data-label={MARGIN_HEADINGS[1]}
        >
          –
        </td>
      </>
    );
  const belowCost = margin.margin.startsWith("-");
  return (
    <>
      <td className="px-4 py-3" data-testid="admin-service-cost" data-label={MARGIN_HEADINGS[0]}>
        <div>
          {formatExactRate(margin.costPer1000)}
          {unit}
        </div>
        <div className="text-slate-500">{margin.providerName}</div>
      </td>
      <td
        className={`px-4 py-3 ${belowCost ? "font-semibold text-red-700" : "text-emerald-800"}`}
        data-testid="admin-service-margin"
        data-label={MARGIN_HEADINGS[1]}
      >
        <div>
          {formatExactRate(margin.margin)}
          {unit}
        </div>
        <div className="text-xs">
          {margin.percent === null ? "" : `${margin.percent}%`}
          {belowCost ? " below cost" : ""}
        </div>
      </td>
    </>
  );
}

/** Two cells, labelled here for the cards of a phone (components/admin/admin-table.tsx). */
ServiceMarginCells.cellCount = MARGIN_HEADINGS.length;
