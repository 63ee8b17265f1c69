import { CARD_TABLE_CLASS, labelCells } from "../../components/admin/admin-table.tsx";
import type { ProfitRow } from "../../domain/admin/read-money-figures.server.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";

/** A profit that leaves out parts whose cost is not known is at most what it says. */
export function unknownCostNote(parts: number): string {
  return `${formatCount(parts)} ${parts === 1 ? "part's" : "parts'"} cost unknown: not counted`;
}

/**
 * The period's figures per service or provider (product rules 13.34), most profitable first, as a table that
 * reads on a phone by scrolling itself, never the page.
 */
export function ProfitTable({
  caption,
  nameHeading,
  ordersHeading,
  rows,
  testId,
  download,
}: {
  caption: string;
  nameHeading: string;
  ordersHeading: string;
  rows: readonly ProfitRow[];
  testId: string;
  download: string;
}) {
  const headings = [nameHeading, ordersHeading, "Sales", "Refunds", "Provider spend", "Profit", "Margin"];
  return (
    <section
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid={testId}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{caption}</h3>
        <a href={download} download className="text-sm font-medium text-brand-700 hover:underline">
          Download CSV
        </a>
      </div>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nothing sold in this period.</p>
      ) : (
        <div className="mt-3 sm:overflow-x-auto">
          <table className={`min-w-full text-sm ${CARD_TABLE_CLASS}`}>
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="text-left text-slate-600">
                {headings.map((heading, index) => (
                  <th
                    key={heading}
                    scope="col"
                    className={`py-1 pr-4 font-medium ${index > 0 ? "text-right" : ""}`}
                  >
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) =>
                labelCells(
                  <tr key={row.id} className="border-t border-slate-100" data-testid={`${testId}-row`}>
                    <th scope="row" className="py-1 pr-4 text-left font-normal wrap-anywhere">
                      {row.name}
                    </th>
                    <td className="py-1 pr-4 text-right tabular-nums">{formatCount(row.orders)}</td>
                    <td className="py-1 pr-4 text-right tabular-nums">{formatCents(row.salesCents)}</td>
                    <td className="py-1 pr-4 text-right tabular-nums">{formatCents(row.refundsCents)}</td>
                    <td className="py-1 pr-4 text-right tabular-nums">
                      {formatCents(row.spendCents)}
                      {row.unknownCostParts > 0 ? (
                        <div className="text-xs whitespace-nowrap text-amber-800">
                          {unknownCostNote(row.unknownCostParts)}
                        </div>
                      ) : null}
                    </td>
                    <td
                      className={`py-1 pr-4 text-right font-medium tabular-nums ${row.profitCents < 0 ? "text-red-700" : ""}`}
                    >
                      {row.unknownCostParts > 0 ? "at most " : ""}
                      {formatCents(row.profitCents)}
                    </td>
                    <td className="py-1 text-right tabular-nums">
                      {row.marginPercent === null ? "–" : `${row.marginPercent}%`}
                    </td>
                  </tr>,
                  headings,
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
