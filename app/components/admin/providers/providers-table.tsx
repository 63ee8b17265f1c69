import { Form, Link } from "react-router";
import { Button } from "../../ui/button.tsx";
import { formatDateTime } from "../format.ts";

export type ProviderRowView = {
  id: string;
  name: string;
  apiUrl: string;
  maskedKey: string;
  isSimulated: boolean;
  supportsIdempotency: boolean;
  balance: string | null;
  balanceCurrency: string | null;
  balanceCheckedAt: string | null;
  mappedServices: number;
  openSubmissions: number;
  needsAttention: number;
};

/** The providers list: masked key, last balance with its refresh, and how much each is used. */
export function ProvidersTable({ providers, busy }: { providers: ProviderRowView[]; busy: boolean }) {
  return (
    <table className="w-full text-left text-sm">
      <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
        <tr>
          <th scope="col" className="px-4 py-3">
            Provider
          </th>
          <th scope="col" className="px-4 py-3">
            API key
          </th>
          <th scope="col" className="px-4 py-3">
            Balance
          </th>
          <th scope="col" className="px-4 py-3">
            Services
          </th>
          <th scope="col" className="px-4 py-3">
            In flight
          </th>
          <th scope="col" className="px-4 py-3">
            Needs attention
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {providers.map((provider) => (
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
                  ? `${provider.balance} ${provider.balanceCurrency ?? ""}`
                  : "Not checked yet"}
              </div>
              {provider.balanceCheckedAt ? (
                <div className="text-xs text-slate-500">{formatDateTime(provider.balanceCheckedAt)} UTC</div>
              ) : null}
              <Form method="post" className="mt-1">
                <input type="hidden" name="intent" value="refresh-balance" />
                <input type="hidden" name="providerId" value={provider.id} />
                <Button
                  type="submit"
                  variant="ghost"
                  className="px-2 py-1"
                  disabled={busy}
                  aria-label={`Refresh the balance of ${provider.name}`}
                >
                  Refresh
                </Button>
              </Form>
            </td>
            <td className="px-4 py-3">{provider.mappedServices}</td>
            <td className="px-4 py-3">{provider.openSubmissions}</td>
            <td className={`px-4 py-3 ${provider.needsAttention > 0 ? "font-semibold text-red-700" : ""}`}>
              {provider.needsAttention}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
