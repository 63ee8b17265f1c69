import { AdminTable } from "../../components/admin/admin-table.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import type { AdminOrderPart } from "../../domain/fulfilment/order-parts-for-admin.server.ts";
import type { StatusHistoryEntry } from "../../domain/orders/order-status-history.server.ts";
import { ORDER_STATUS_LABELS } from "../../domain/orders/order-status-labels.ts";
import { formatCount } from "../../lib/format-money.ts";

const PART_HEADINGS = ["Part", "Provider", "State", "Provider says", "Note"];
const td = "px-4 py-3";

/** The order's parts: where each is and what its provider last said (none: a person delivers it). */
export function OrderParts({ parts }: { parts: AdminOrderPart[] }) {
  return (
    <Card className="mt-6 p-0 sm:overflow-x-auto">
      <div className="px-6 pt-6">
        <CardHeader
          title="Parts"
          description="What was sent to providers. An order a person delivers has none."
        />
      </div>
      <AdminTable headings={PART_HEADINGS} items={parts} empty="No parts: a person delivers this order.">
        {(part) => (
          <tr
            key={`${part.part}-${part.providerOrderId ?? part.state}`}
            data-testid="order-part"
            className="align-top"
          >
            <td className={td}>
              {part.part} · {formatCount(part.quantity)}
            </td>
            <td className={td}>
              <div>{part.providerName ?? "Unknown"}</div>
              {part.providerOrderId ? <div className="text-slate-500">#{part.providerOrderId}</div> : null}
            </td>
            <td className={td}>
              {part.state === "done" ? `Done${part.outcome ? ` (${part.outcome})` : ""}` : part.state}
              {part.cancelState ? <div className="text-slate-500">Cancel: {part.cancelState}</div> : null}
            </td>
            <td className={td}>
              <div>{part.upstreamStatus ?? "Nothing yet"}</div>
              {part.upstreamRemains !== null ? (
                <div className="text-slate-500">Remains {formatCount(part.upstreamRemains)}</div>
              ) : null}
              {part.upstreamStartCount !== null ? (
                <div className="text-slate-500">Start count {formatCount(part.upstreamStartCount)}</div>
              ) : null}
            </td>
            <td className={`${td} max-w-xs break-words text-slate-600`}>{part.lastError ?? ""}</td>
          </tr>
        )}
      </AdminTable>
    </Card>
  );
}

/** The order's status history, oldest first, each change marked when an admin made it. */
export function OrderHistory({ history }: { history: StatusHistoryEntry[] }) {
  return (
    <Card className="mt-6">
      <CardHeader title="Status history" />
      <ol className="space-y-1 text-sm" data-testid="order-history">
        {history.map((entry) => (
          <li key={`${entry.status}-${entry.at}`}>
            {formatDateTime(entry.at)}: {entry.placed ? "Placed" : ORDER_STATUS_LABELS[entry.status]}
            {entry.byAdmin ? " (by an admin)" : ""}
          </li>
        ))}
      </ol>
    </Card>
  );
}
