import { Form } from "react-router";
import { PostButton } from "../../components/admin/providers/post-button.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import type { MappedService } from "../../domain/fulfilment/read-provider-page.server.ts";
import { formatDollarRate, formatUpstreamAmount } from "./dollar-rate.ts";

/**
 * The shop's services mapped to this provider: the provider's rate (its currency), the cost in dollars, the price
 * and whether it sells, each with its own markup (empty: the provider's) and Unmap.
 */
export function MappedServices({
  mapped,
  currency,
  busy,
  emptyText,
}: {
  mapped: MappedService[];
  currency: string;
  busy: boolean;
  emptyText: string;
}) {
  if (mapped.length === 0) return <p className="text-slate-600">{emptyText}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {mapped.map((row) => (
        <li key={row.serviceId} className="space-y-2 py-3" data-testid="mapped-service">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>
              <span className="font-medium text-slate-900">{row.serviceName}</span>
              <span className="text-sm text-slate-500">
                {" "}
                → {row.providerServiceId} ({row.providerServiceType})
              </span>
              {row.enabled ? null : (
                <span className="ml-2 text-xs font-semibold text-slate-600">Disabled</span>
              )}
            </span>
            <PostButton
              fields={{ intent: "unmap", serviceId: row.serviceId }}
              variant="ghost"
              disabled={busy}
              aria-label={`Unmap ${row.serviceName}`}
            >
              Unmap
            </PostButton>
          </div>
          <p className="text-sm text-slate-600" data-testid="mapped-figures">
            Rate {formatUpstreamAmount(row.upstreamRate, currency)} · cost {formatDollarRate(row.costPer1000)}{" "}
            · price {formatDollarRate(row.pricePer1000)}
          </p>
          <Form
            method="post"
            className="flex flex-wrap items-end gap-2"
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
              defaultValue={row.markupPercent === null ? "" : Number(row.markupPercent).toString()}
            />
            <Input
              label="Own minimum per 1000 ($)"
              name="markupMinPer1000"
              size="sm"
              inputMode="decimal"
              placeholder="provider's"
              defaultValue={row.markupMinPer1000 === null ? "" : Number(row.markupMinPer1000).toString()}
            />
            <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={busy}>
              Save markup
            </Button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
