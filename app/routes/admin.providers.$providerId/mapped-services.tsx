import { Form, Link } from "react-router";
import { CARD_TABLE_CLASS, labelCells } from "../../components/admin/admin-table.tsx";
import { PostButton } from "../../components/admin/providers/post-button.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import type { MappedService } from "../../domain/fulfilment/read-provider-page.server.ts";
import { formatDollarRate, formatUpstreamAmount } from "./dollar-rate.ts";

const HEADINGS = ["Service", "Rate", "Cost", "Price", "Margin", "Actions"];

/**
 * The shop's services mapped to this provider, a page at a time: the provider's rate (its currency), the cost in
 * dollars, the price, the margin and whether it sells; each with its own markup (empty: the provider's) and Unmap.
 */
export function MappedServices({
  mapped,
  total,
  page,
  pages,
  pageHref,
  currency,
  busy,
  emptyText,
}: {
  mapped: MappedService[];
  total: number;
  page: number;
  pages: number;
  pageHref: (page: number) => string;
  currency: string;
  busy: boolean;
  emptyText: string;
}) {
  if (mapped.length === 0) return <p className="text-slate-600">{emptyText}</p>;
  return (
    <div>
      <div className="sm:overflow-x-auto">
        <table className={`min-w-full divide-y divide-slate-200 text-sm ${CARD_TABLE_CLASS}`}>
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500">
            <tr>
              {HEADINGS.map((heading) => (
                <th key={heading} scope="col" className="px-3 py-2 font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {mapped.map((row) =>
              labelCells(
                <tr key={row.serviceId} className="align-top" data-testid="mapped-service">
                  <td className="px-3 py-2">
                    <div className="font-medium text-slate-900">{row.serviceName}</div>
                    <div className="text-xs text-slate-500">
                      {row.providerServiceId} ({row.providerServiceType})
                      {row.enabled ? null : (
                        <span className="ml-2 font-semibold text-slate-600">Disabled</span>
                      )}
                    </div>
                  </td>
                  <td className="whitespace-nowrap px-3 py-2">
                    {formatUpstreamAmount(row.upstreamRate, currency)}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2" data-testid="mapped-cost">
                    {row.costPer1000 === null ? "Unknown" : formatDollarRate(row.costPer1000)}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2" data-testid="mapped-price">
                    {formatDollarRate(row.pricePer1000)}
                  </td>
                  <td
                    className={`whitespace-nowrap px-3 py-2 ${row.margin?.margin.startsWith("-") ? "font-semibold text-red-700" : ""}`}
                    data-testid="mapped-margin"
                  >
                    {row.margin === null
                      ? "Unknown"
                      : `${formatDollarRate(row.margin.margin)} (${row.margin.percent ?? "-"}%)`}
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap items-start gap-1">
                      <details className="group">
                        <summary
                          className={`${buttonClass("ghost", "px-3 py-1.5")} cursor-pointer list-none`}
                        >
                          Markup
                        </summary>
                        <Form
                          method="post"
                          className="mt-2 flex flex-wrap items-end gap-2"
                          aria-label={`Markup of ${row.serviceName}`}
                        >
                          <input type="hidden" name="intent" value="mapping-markup" />
                          <input type="hidden" name="serviceId" value={row.serviceId} />
                          <Input
                            label="Own markup (%)"
                            name="markupPercent"
                            size="sm"
                            inputMode="decimal"
                            placeholder="provider's"
                            defaultValue={
                              row.markupPercent === null ? "" : Number(row.markupPercent).toString()
                            }
                          />
                          <Input
                            label="Own minimum per 1000 ($)"
                            name="markupMinPer1000"
                            size="sm"
                            inputMode="decimal"
                            placeholder="provider's"
                            defaultValue={
                              row.markupMinPer1000 === null ? "" : Number(row.markupMinPer1000).toString()
                            }
                          />
                          <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={busy}>
                            Save markup
                          </Button>
                        </Form>
                      </details>
                      <PostButton
                        fields={{ intent: "unmap", serviceId: row.serviceId }}
                        variant="ghost"
                        disabled={busy}
                        aria-label={`Unmap ${row.serviceName}`}
                      >
                        Unmap
                      </PostButton>
                    </div>
                  </td>
                </tr>,
                HEADINGS,
              ),
            )}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-slate-600">
        {total} mapped · page {page} of {pages}
      </p>
      {pages > 1 ? (
        <nav className="mt-2 flex gap-2" aria-label="Mapped services pages">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} className={buttonClass("ghost", "px-3 py-1.5")}>
              Previous
            </Link>
          ) : null}
          {page < pages ? (
            <Link to={pageHref(page + 1)} className={buttonClass("ghost", "px-3 py-1.5")}>
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
