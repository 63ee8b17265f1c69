import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { SecondFactorCodeField } from "../../components/admin/second-factor-code-field.tsx";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { OVERRIDE_TEXT } from "../../domain/orders/order-override-text.ts";
import { parseDollars } from "../../domain/pricing/cents.ts";
import { formatCents, formatCount } from "../../lib/format-money.ts";

type Answer = ToastAnswer & { fieldErrors?: Record<string, string> };

/**
 * Start count and remains (product rules 14.5): each left as it is when empty; remains only while the order runs,
 * as an ended order's remains decided its refund. The server checks the bounds and says why beside the field.
 */
export function CountsForm({
  order,
}: {
  order: {
    id: string;
    label: string;
    quantity: number;
    startCount: number | null;
    remains: number | null;
    ended: boolean;
  };
}) {
  const fetcher = useFetcher<Answer>();
  useAnswerToast(fetcher.data);
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  return (
    <Card data-testid="counts-form">
      <CardHeader
        title={OVERRIDE_TEXT.countsHeading}
        description={
          order.ended
            ? "The start count may still be corrected; the remains of an ended order decided its refund."
            : `Whole numbers; remains from 0 to ${formatCount(order.quantity)}. Empty leaves a field as it is.`
        }
      />
      <fetcher.Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="correct-counts" />
        <input type="hidden" name="orderId" value={order.id} />
        <Input
          label="Start count"
          name="startCount"
          inputMode="numeric"
          defaultValue={order.startCount ?? ""}
          error={errors.startCount}
        />
        {order.ended ? (
          <input type="hidden" name="remains" value="" />
        ) : (
          <Input
            label="Remains"
            name="remains"
            inputMode="numeric"
            defaultValue={order.remains ?? ""}
            error={errors.remains}
          />
        )}
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : `Correct ${order.label}`}
          </Button>
        </div>
      </fetcher.Form>
    </Card>
  );
}

/**
 * A goodwill refund of an ended order (product rules 14.7): an amount up to what the order has not given back and
 * a reason, confirmed in a dialog that names both; the server caps it again under the order's lock.
 */
export function GoodwillForm({
  order,
  leftCents,
  codeNeeded,
}: {
  order: { id: string; label: string };
  leftCents: number;
  /** The session passed no code lately: the form asks for one (product rules 15.35). */
  codeNeeded: boolean;
}) {
  const fetcher = useFetcher<Answer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState<{ amountCents: number; form: FormData } | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();
  useAnswerToast(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  if (leftCents === 0)
    return (
      <Card data-testid="goodwill-form">
        <CardHeader title={OVERRIDE_TEXT.goodwillHeading} description={OVERRIDE_TEXT.goodwillNothingLeft} />
      </Card>
    );
  return (
    <Card data-testid="goodwill-form">
      <CardHeader
        title={OVERRIDE_TEXT.goodwillHeading}
        description={`A goodwill credit to the customer's wallet for ${order.label}, up to ${formatCents(leftCents)}. The customer is mailed and sees it in their statement.`}
      />
      <form
        ref={formRef}
        method="post"
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const amountCents = parseDollars(String(form.get("amount") ?? ""));
          if (amountCents === null || amountCents < 1 || amountCents > leftCents) {
            setAmountError(OVERRIDE_TEXT.goodwillAmount(leftCents));
            return;
          }
          setAmountError(undefined);
          setPending({ amountCents, form });
        }}
      >
        <input type="hidden" name="intent" value="goodwill-refund" />
        <input type="hidden" name="orderId" value={order.id} />
        <Input label="Amount ($)" name="amount" inputMode="decimal" error={amountError ?? errors.amount} />
        <Textarea label="Reason (for the admins)" name="reason" rows={2} error={errors.reason} />
        <SecondFactorCodeField needed={codeNeeded} error={errors.secondFactorCode} />
        <div>
          <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Refunding..." : "Preview refund"}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title={`Goodwill refund on ${order.label}?`}
        onClose={() => setPending(null)}
        actions={
          <>
            <Button type="button" variant="secondary" onClick={() => setPending(null)}>
              Keep as it is
            </Button>
            <Button
              type="button"
              variant="danger"
              onClick={() => {
                if (pending) void fetcher.submit(pending.form, { method: "post" });
                setPending(null);
              }}
            >
              Refund
            </Button>
          </>
        }
      >
        {pending
          ? `${formatCents(pending.amountCents)} goes to the customer's wallet as a goodwill credit.`
          : ""}
      </ConfirmDialog>
    </Card>
  );
}
