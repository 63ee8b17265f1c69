import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { OVERRIDE_TEXT } from "../../domain/orders/order-override-text.ts";
import type { AdminOrderStatus } from "../../domain/orders/order-status-labels.ts";
import { formatCount } from "../../lib/format-money.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Input } from "../ui/input.tsx";
import { OrderStatusSelect } from "./order-status-select.tsx";
import { type ToastAnswer, useAnswerToast } from "./use-answer-toast.ts";

/** What the override needs to know of an order. */
export type OverrideFormOrder = {
  id: string;
  label: string;
  status: AdminOrderStatus;
  quantity: number;
  /** Units not delivered, when an admin corrected them: the partial status's remains start from them. */
  remains: number | null;
};

/** The server's preview of an override (override-order-status.server.ts): what the dialog shows and confirms. */
type Preview = { refundCents: number; version: string; summary: string; orderNumber: string };
type Answer = {
  ok: boolean;
  notice?: ToastAnswer["notice"];
  fieldErrors?: Record<string, string>;
  preview?: Preview;
};

/**
 * "Override status" (product rules 14.1-14.4): any status for an order that has not ended, also one a provider
 * has. Preview asks the server what it will do (the refund, the providers no longer followed) and shows it in a
 * dialog; only Confirm changes the order, sending the refund and version it showed, so an order that changed
 * meanwhile is refused instead. Posts to the order's page, wherever it is shown (the lists, a user's page).
 */
export function OrderOverrideForm({ order }: { order: OverrideFormOrder }) {
  const id = useId();
  const preview = useFetcher<Answer>();
  const confirm = useFetcher<Answer>();
  const [status, setStatus] = useState<AdminOrderStatus>(
    order.status === "pending" ? "cancelled" : order.status,
  );
  const [remains, setRemains] = useState(order.remains === null ? "" : String(order.remains));
  const [plan, setPlan] = useState<(Preview & { status: AdminOrderStatus; remains: string }) | null>(null);
  const busy = preview.state !== "idle" || confirm.state !== "idle";
  const action = `/admin/orders/${order.id}`;

  useAnswerToast(preview.data?.notice ? (preview.data as ToastAnswer) : undefined);
  useAnswerToast(confirm.data?.notice ? (confirm.data as ToastAnswer) : undefined);
  // The fields as they were sent: the dialog confirms those, whatever is typed meanwhile.
  const sent = useRef({ status, remains });
  useEffect(() => {
    if (preview.state === "idle" && preview.data?.preview)
      setPlan({ ...preview.data.preview, ...sent.current });
  }, [preview.data, preview.state]);

  const remainsError = preview.data && !preview.data.ok ? preview.data.fieldErrors?.remains : undefined;
  return (
    <preview.Form
      method="post"
      action={action}
      className="flex flex-wrap items-end gap-2"
      data-testid="override-form"
      onSubmit={() => {
        sent.current = { status, remains };
      }}
    >
      <input type="hidden" name="intent" value="preview-override" />
      <input type="hidden" name="orderId" value={order.id} />
      <OrderStatusSelect
        label={`${OVERRIDE_TEXT.heading} of ${order.label}`}
        id={`${id}-status`}
        value={status}
        onChange={setStatus}
      />
      {status === "partial" ? (
        <Input
          label={`Units not delivered (0 to ${formatCount(order.quantity)})`}
          size="sm"
          id={`${id}-remains`}
          name="remains"
          inputMode="numeric"
          value={remains}
          onChange={(event) => setRemains(event.target.value)}
          error={remainsError}
          className="w-28"
        />
      ) : null}
      <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={busy}>
        {preview.state !== "idle" ? "Previewing..." : OVERRIDE_TEXT.preview}
      </Button>
      <ConfirmDialog
        open={plan !== null}
        title={`${OVERRIDE_TEXT.heading}: ${plan?.orderNumber ?? order.label}`}
        onClose={() => setPlan(null)}
        actions={
          <>
            <Button type="button" variant="secondary" onClick={() => setPlan(null)}>
              {OVERRIDE_TEXT.keep}
            </Button>
            <Button
              type="button"
              variant="danger"
              disabled={busy}
              onClick={() => {
                if (!plan) return;
                const form = new FormData();
                form.set("intent", "override-status");
                form.set("orderId", order.id);
                form.set("status", plan.status);
                if (plan.status === "partial") form.set("remains", plan.remains);
                form.set("expectedRefundCents", String(plan.refundCents));
                form.set("expectedVersion", plan.version);
                setPlan(null);
                void confirm.submit(form, { method: "post", action });
              }}
            >
              {OVERRIDE_TEXT.confirm}
            </Button>
          </>
        }
      >
        <p data-testid="override-summary">{plan?.summary}</p>
      </ConfirmDialog>
    </preview.Form>
  );
}
