import { formatDateTime } from "../../components/dashboard/format.ts";
import type { StatusHistoryEntry } from "../../domain/orders/order-status-history.server.ts";
import { ORDER_STATUS_LABELS } from "../../domain/orders/order-status-labels.ts";
import { ORDERS_PAGE_TEXT } from "../../domain/orders/orders-page-text.ts";

/** An order's status history, oldest first, folded away until asked for (a native disclosure: no script needed). */
export function StatusHistory({ history }: { history: StatusHistoryEntry[] }) {
  return (
    <details className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600">
        {ORDERS_PAGE_TEXT.history}
      </summary>
      <ol className="mt-2 space-y-1" data-testid="status-history">
        {history.map((entry) => (
          <li key={`${entry.at}:${entry.status}`} className="flex flex-wrap justify-between gap-x-3">
            <span className="font-medium text-slate-900">
              {entry.placed ? ORDERS_PAGE_TEXT.placed : ORDER_STATUS_LABELS[entry.status]}
              {entry.byAdmin ? (
                <span className="font-normal text-slate-600"> ({ORDERS_PAGE_TEXT.byShop})</span>
              ) : null}
            </span>
            <time dateTime={entry.at} className="text-slate-600">
              {formatDateTime(entry.at)}
            </time>
          </li>
        ))}
      </ol>
    </details>
  );
}
