import { CANCEL_TEXT } from "../../domain/orders/cancel-rules.ts";

const LABELS: Record<string, string> = {
  pending: "Pending",
  processing: "Processing",
  in_progress: "In progress",
  completed: "Completed",
  partial: "Partial",
  cancelled: "Cancelled",
  failed: "Failed",
  active: "Active",
  paused: "Paused",
};

const COLOURS: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-sky-100 text-sky-900",
  in_progress: "bg-sky-100 text-sky-900",
  completed: "bg-emerald-100 text-emerald-900",
  partial: "bg-orange-100 text-orange-900",
  cancelled: "bg-slate-200 text-slate-800",
  failed: "bg-red-100 text-red-900",
  active: "bg-emerald-100 text-emerald-900",
  paused: "bg-amber-100 text-amber-900",
};

/** An order or auto order status as a coloured badge; an unknown value is shown as it is. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-testid="status-badge"
      className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${COLOURS[status] ?? "bg-slate-100 text-slate-800"}`}
    >
      {LABELS[status] ?? status}
    </span>
  );
}

/**
 * An order's badge with, under it, where a cancel sent to its provider stands (requested, or refused by the
 * provider): the same on the dashboard's recent orders and on /orders.
 */
export function OrderStatusBadges({
  status,
  cancelState,
}: {
  status: string;
  cancelState: "requested" | "refused" | null;
}) {
  return (
    <div className="flex flex-col items-end gap-1">
      <StatusBadge status={status} />
      {cancelState ? (
        <span className="text-xs font-medium text-amber-800" data-testid="order-cancel-state">
          {cancelState === "requested" ? CANCEL_TEXT.requested : CANCEL_TEXT.refusedByProvider}
        </span>
      ) : null}
    </div>
  );
}
