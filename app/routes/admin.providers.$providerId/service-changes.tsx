import { formatDateTime } from "../../components/admin/format.ts";
import { serviceChangeLabel } from "../../domain/catalog/service-changes.ts";
import type { ServiceChangeRow } from "../../domain/fulfilment/read-provider-page.server.ts";

/** A change as the page receives it (the date as ISO text). */
export type ServiceChangeView = Omit<ServiceChangeRow, "createdAt"> & { createdAt: string };

function fromTo(details: unknown): string {
  if (!details || typeof details !== "object") return "";
  const { from, to } = details as { from?: unknown; to?: unknown };
  if (from === undefined && to === undefined) return "";
  return `: ${from ?? "none"} → ${to ?? "none"}`;
}

/** What the provider's syncs changed in the shop's services, newest first. */
export function ServiceChanges({ changes, emptyText }: { changes: ServiceChangeView[]; emptyText: string }) {
  if (changes.length === 0) return <p className="text-slate-600">{emptyText}</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm" aria-label="Latest changes">
      {changes.map((change) => (
        <li
          key={change.id}
          className="flex flex-wrap justify-between gap-2 py-2"
          data-testid="service-change"
        >
          <span>
            <span className="font-medium text-slate-900">{change.serviceName}</span>:{" "}
            {serviceChangeLabel(change.kind)}
            {fromTo(change.details)}
          </span>
          <span className="text-xs text-slate-500">{formatDateTime(change.createdAt)} UTC</span>
        </li>
      ))}
    </ul>
  );
}
