import { Link } from "react-router";
import { CARD_TABLE_CLASS, labelCells } from "../../components/admin/admin-table.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { PostButton } from "../../components/admin/providers/post-button.tsx";
import type { ProviderSummary } from "../../domain/fulfilment/list-providers.server.ts";
import { formatDollarRate, formatUpstreamAmount } from "../admin.providers.$providerId/dollar-rate.ts";

/** A provider as the list page receives it (the date as ISO text). */
export type ProviderRowView = Omit<ProviderSummary, "balanceCheckedAt"> & { balanceCheckedAt: string | null };

const HEADINGS = ["Provider", "API key", "Balance", "Services", "In flight", "Needs attention"];

/** The providers list: masked key, last balance with its refresh, and how much each is used. */
export function ProvidersTable({ providers, busy }: { providers: ProviderRowView[]; busy: boolean }) {
  return (
    <table className={`w-full text-left text-sm ${CARD_TABLE_CLASS}`}>
      <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
        <tr>
          {HEADINGS.map((heading) => (
            <th key={heading} scope="col" className="px-4 py-3">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {providers.map((provider) =>
          labelCells(
            <tr key={provider.id} data-testid="provider-row">
              <td className="px-4 py-3">
                <Link
                  to={`/admin/providers/${provider.id}`}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {provider.name}
                </Link>
                <div className="text-xs text-slate-500">
                  {provider.apiUrl}
                  {provider.isSimulated ? " · simulated" : ""}
                  {provider.supportsIdempotency ? " · idempotency keys" : ""}
                </div>
              </td>
              <td className="px-4 py-3 font-mono" data-testid="masked-key">
                {provider.maskedKey}
              </td>
              <td className="px-4 py-3">
                <div data-testid="provider-balance">
                  {provider.balance
                    ? formatUpstreamAmount(provider.balance, provider.balanceCurrency ?? provider.currency)
                    : "Not checked yet"}
                </div>
                {provider.balance && (provider.balanceCurrency ?? provider.currency) !== "USD" ? (
                  <div className="text-xs text-slate-500" data-testid="provider-balance-usd">
                    {provider.balanceUsd === null
                      ? "no exchange rate"
                      : formatDollarRate(provider.balanceUsd)}
                  </div>
                ) : null}
                {provider.syncError ? <div className="text-xs text-red-700">{provider.syncError}</div> : null}
                {provider.balanceCheckedAt ? (
                  <div className="text-xs text-slate-500">
                    {formatDateTime(provider.balanceCheckedAt)} UTC
                  </div>
                ) : null}
                <PostButton
                  fields={{ intent: "refresh-balance", providerId: provider.id }}
                  formClassName="mt-1"
                  variant="ghost"
                  className="px-2 py-1"
                  disabled={busy}
                  aria-label={`Refresh the balance of ${provider.name}`}
                >
                  Refresh
                </PostButton>
              </td>
              <td className="px-4 py-3">{provider.mappedServices}</td>
              <td className="px-4 py-3">{provider.openSubmissions}</td>
              <td className={`px-4 py-3 ${provider.needsAttention > 0 ? "font-semibold text-red-700" : ""}`}>
                {provider.needsAttention}
              </td>
            </tr>,
            HEADINGS,
          ),
        )}
      </tbody>
    </table>
  );
}
