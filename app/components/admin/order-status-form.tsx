import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { CANCEL_TEXT } from "../../domain/orders/cancel-rules.ts";
import type { AdminOrderStatus } from "../../domain/orders/order-status-labels.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Input } from "../ui/input.tsx";
import { OrderOverrideForm } from "./order-override-form.tsx";
import { OrderStatusSelect } from "./order-status-select.tsx";
import { type ToastAnswer, useAnswerToast } from "./use-answer-toast.ts";
import { useStaffCan } from "./use-staff-can.ts";

/** What the status form needs to know of an order. */
export type StatusFormOrder = {
  id: string;
  label: string;
  status: AdminOrderStatus;
  quantity: number;
  remains: number | null;
  totalCents: number;
  /** The provider that has (a part of) it now: its status then follows that provider's. */
  withProvider: string | null;
  cancelState: "requested" | "refused" | null;
};

// Statuses after which nothing changes (docs/decisions/010): the form offers no change at all.
const FINAL: readonly AdminOrderStatus[] = ["completed", "partial", "cancelled", "failed"];

/**
 * The per-order status control of the admin lists (intent=set-status), posting to the page's own action without
 * leaving it; the answer is a toast and the lists reload. A final order shows that it is final; an order a provider
 * has offers "Cancel order" (the provider is asked; a cancel always goes through a confirmation that names the
 * refund and says whether the provider will be asked) and the override (product rules 14.1-14.4), which sets any
 * status with its refund previewed, also once the provider refused to cancel. Every order links its own page
 * (start count and remains, goodwill refund, its parts and history), except on that page.
 */
export function OrderStatusForm({
  order,
  onOrderPage = false,
}: {
  order: StatusFormOrder;
  onOrderPage?: boolean;
}) {
  const fetcher = useFetcher<ToastAnswer>();
  const root = useRef<HTMLDivElement>(null);
  // Support reads orders but does not change them (product rules 15.38): no control it would be refused.
  const mayChange = useStaffCan("orders.manage");
  // After a change the control that had focus is often gone (a cancelled order shows "Final"): focus comes back
  // to this order's status instead of falling to the page.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) root.current?.focus();
  }, [fetcher.state, fetcher.data]);
  return (
    <div ref={root} tabIndex={-1} className="rounded focus-visible:outline-2 focus-visible:outline-brand-600">
      {mayChange ? <StatusControl order={order} fetcher={fetcher} /> : null}
      {onOrderPage ? null : (
        <Link
          to={`/admin/orders/${order.id}`}
          className="mt-1 inline-block text-xs text-brand-700 hover:underline"
          aria-label={`Order page of ${order.label}`}
        >
          Order page
        </Link>
      )}
    </div>
  );
}

function StatusControl({
  order,
  fetcher,
}: {
  order: StatusFormOrder;
  fetcher: ReturnType<typeof useFetcher<ToastAnswer>>;
}) {
  const id = useId();
  const [chosen, setChosen] = useState<AdminOrderStatus>(order.status);
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";

  useEffect(() => setChosen(order.status), [order.status]);
  useAnswerToast(fetcher.data);

  if (FINAL.includes(order.status))
    return (
      <p className="text-xs text-slate-600" data-testid="status-final">
        Final
        {order.status === "partial" && order.remains !== null
          ? ` · ${formatCount(order.remains)} not delivered`
          : ""}
      </p>
    );

  const cancelNotice = (
    <ConfirmDialog
      open={confirming}
      title={`Cancel ${order.label}?`}
      onClose={() => setConfirming(false)}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
            Keep the order
          </Button>
          <Button
            type="button"
            variant="danger"
            disabled={busy}
            onClick={() => {
              setConfirming(false);
              const form = new FormData();
              form.set("intent", "set-status");
              form.set("orderId", order.id);
              form.set("status", "cancelled");
              void fetcher.submit(form, { method: "post" });
            }}
          >
            Cancel order
          </Button>
        </>
      }
    >
      {order.withProvider
        ? `${order.label} is with ${order.withProvider}. Boostly will ask it to cancel; what it did not deliver goes back to the customer's wallet when it confirms.`
        : `It has not been sent to a provider: ${formatCents(order.totalCents)} goes back to the customer's wallet now.`}
    </ConfirmDialog>
  );

  if (order.withProvider || order.cancelState)
    return (
      <div className="space-y-2 text-xs text-slate-700" data-testid="status-with-provider">
        {order.withProvider ? <p>With provider: {order.withProvider}</p> : null}
        {order.cancelState === "requested" ? (
          <p className="font-medium text-amber-800">{CANCEL_TEXT.requested}</p>
        ) : order.cancelState === "refused" ? (
          <p className="font-medium text-amber-800">{CANCEL_TEXT.refusedByProvider}</p>
        ) : (
          <Button
            type="button"
            variant="secondary"
            className="px-3 py-1.5"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {busy ? "Saving..." : "Cancel order"}
          </Button>
        )}
        {cancelNotice}
        <OrderOverrideForm order={order} />
      </div>
    );

  return (
    <fetcher.Form
      method="post"
      className="flex flex-wrap items-center gap-2"
      data-testid="status-form"
      onSubmit={(event) => {
        // A cancel refunds: it is confirmed first, in the dialog, which sends it.
        if (chosen !== "cancelled") return;
        event.preventDefault();
        setConfirming(true);
      }}
    >
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="orderId" value={order.id} />
      <OrderStatusSelect
        label={`Status of ${order.label}`}
        hideLabel
        id={`${id}-status`}
        value={chosen}
        onChange={setChosen}
      />
      {chosen === "partial" ? (
        <Input
          label={`Undelivered units of ${order.label}`}
          hideLabel
          size="sm"
          id={`${id}-remains`}
          name="remains"
          inputMode="numeric"
          required
          pattern="\d{1,9}"
          placeholder="Remains"
          title={`Units not delivered (0 to ${order.quantity})`}
          className="w-24"
        />
      ) : null}
      <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={busy}>
        {busy ? "Saving..." : "Save"}
      </Button>
      {cancelNotice}
    </fetcher.Form>
  );
}
