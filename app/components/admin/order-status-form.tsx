import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import {
  ADMIN_ORDER_STATUSES,
  type AdminOrderStatus,
  ORDER_STATUS_LABELS,
} from "../../domain/admin/order-status-labels.ts";
import { Button } from "../ui/button.tsx";
import { compactFieldClass } from "./compact-field.ts";
import { type ToastAnswer, useAnswerToast } from "./use-answer-toast.ts";

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
  const fetcher = useFetcher<ToastAnswer>();
  const id = useId();
  const [chosen, setChosen] = useState<AdminOrderStatus>(status);
  const busy = fetcher.state !== "idle";

  useEffect(() => setChosen(status), [status]);
  useAnswerToast(fetcher.data);

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
        className={compactFieldClass}
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
            className={`${compactFieldClass} w-24`}
          />
        </>
      ) : null}
      <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={busy}>
        {busy ? "Saving..." : "Save"}
      </Button>
    </fetcher.Form>
  );
}
