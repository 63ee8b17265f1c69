import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import {
  ADMIN_ORDER_STATUSES,
  type AdminOrderStatus,
  ORDER_STATUS_LABELS,
} from "../../domain/admin/order-status-labels.ts";
import { Button } from "../ui/button.tsx";
import { useToast } from "../ui/toaster.tsx";

type Answer = { ok: boolean; notice: { title: string; message: string } };

const selectClass =
  "rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:outline-2 focus:outline-brand-600";

/**
 * The per-order status dropdown and Save (intent=set-status) of the admin orders list and user page. It posts
 * to the page's own action without leaving the page; the answer is shown as a toast and the lists reload.
 */
export function OrderStatusForm({
  orderId,
  orderLabel,
  status,
  quantity,
}: {
  orderId: string;
  orderLabel: string;
  status: AdminOrderStatus;
  quantity: number;
}) {
  const fetcher = useFetcher<Answer>();
  const toast = useToast();
  const id = useId();
  const [chosen, setChosen] = useState<AdminOrderStatus>(status);
  const busy = fetcher.state !== "idle";

  useEffect(() => setChosen(status), [status]);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer?.notice) return;
    toast({
      title: answer.notice.title,
      description: answer.notice.message || undefined,
      variant: answer.ok ? "default" : "destructive",
    });
  }, [fetcher.data, toast]);

  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2" data-testid="status-form">
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="orderId" value={orderId} />
      <label htmlFor={`${id}-status`} className="sr-only">
        {`Status of ${orderLabel}`}
      </label>
      <select
        id={`${id}-status`}
        name="status"
        value={chosen}
        onChange={(event) => setChosen(event.target.value as AdminOrderStatus)}
        className={selectClass}
      >
        {ADMIN_ORDER_STATUSES.map((option) => (
          <option key={option} value={option}>
            {ORDER_STATUS_LABELS[option]}
          </option>
        ))}
      </select>
      {chosen === "partial" ? (
        <>
          <label htmlFor={`${id}-remains`} className="sr-only">
            {`Undelivered units of ${orderLabel}`}
          </label>
          <input
            id={`${id}-remains`}
            name="remains"
            inputMode="numeric"
            required
            pattern="\d{1,9}"
            placeholder="Remains"
            title={`Units not delivered (0 to ${quantity})`}
            className={`${selectClass} w-24`}
          />
        </>
      ) : null}
      <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={busy}>
        {busy ? "Saving..." : "Save"}
      </Button>
    </fetcher.Form>
  );
}
