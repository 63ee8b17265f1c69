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
