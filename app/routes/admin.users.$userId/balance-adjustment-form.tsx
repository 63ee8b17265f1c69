import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { SecondFactorCodeField } from "../../components/admin/second-factor-code-field.tsx";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { parseDollars } from "../../domain/pricing/cents.ts";
import {
  ADJUSTMENT_KINDS,
  ADJUSTMENT_LABELS,
  ADJUSTMENT_REASON_MAX,
  ADJUSTMENT_TEXT,
  type AdjustmentDirection,
  type AdjustmentKind,
  belowZeroText,
  isAdjustmentAmount,
  isAdjustmentReason,
} from "../../domain/wallet/balance-adjustment.ts";
import { formatCents } from "../../lib/format-money.ts";

type Answer = ToastAnswer & { fieldErrors?: Record<string, string> };
type Pending = { kind: AdjustmentKind; direction: AdjustmentDirection; amountCents: number; form: FormData };
type Errors = Partial<Record<"kind" | "direction" | "amount" | "reason" | "secondFactorCode", string>>;

const KIND_OPTIONS = ADJUSTMENT_KINDS.map((kind) => ({ value: kind, label: ADJUSTMENT_LABELS[kind] }));
const DIRECTION_OPTIONS = [
  { value: "credit", label: "Credit (add to the balance)" },
  { value: "debit", label: "Debit (take from the balance)" },
];

/** What the page can tell before the server does: the same limits and texts, and a debit the balance lacks. */
function checkForm(
  form: FormData,
  balanceCents: number,
): { errors: Errors; pending?: Omit<Pending, "form"> } {
  const kind = String(form.get("kind")) as AdjustmentKind;
  const direction = String(form.get("direction")) as AdjustmentDirection;
  const amountCents = parseDollars(String(form.get("amount") ?? ""));
  const errors: Errors = {};
  if (!ADJUSTMENT_KINDS.includes(kind)) errors.kind = ADJUSTMENT_TEXT.kind;
  if (direction !== "credit" && direction !== "debit") errors.direction = ADJUSTMENT_TEXT.direction;
  if (amountCents === null || !isAdjustmentAmount(amountCents)) errors.amount = ADJUSTMENT_TEXT.amount;
  else if (direction === "debit" && amountCents > balanceCents)
    errors.amount = belowZeroText(amountCents, balanceCents);
  if (!isAdjustmentReason(String(form.get("reason") ?? "").trim())) errors.reason = ADJUSTMENT_TEXT.reason;
  if (Object.keys(errors).length > 0 || amountCents === null) return { errors };
  return { errors, pending: { kind, direction, amountCents } };
}

/**
 * The wallet's "Credit or debit" (product rules 2.8): kind, direction, amount and reason, checked here, then
 * previewed in a dialog that states the new balance; only its confirmation posts (intent=adjust-balance). The
 * answer is a toast; the page's data reloads, so the balance and the transactions follow.
 */
export function BalanceAdjustmentForm({
  balanceCents,
  codeNeeded,
}: {
  balanceCents: number;
  /** The session passed no code lately: the form asks for one (product rules 15.35). */
  codeNeeded: boolean;
}) {
  const fetcher = useFetcher<Answer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = fetcher.state !== "idle";
  useAnswerToast(fetcher.data);

  useEffect(() => {
    if (!fetcher.data) return;
    setErrors(fetcher.data.ok ? {} : (fetcher.data.fieldErrors ?? {}));
    if (fetcher.data.ok) formRef.current?.reset();
  }, [fetcher.data]);

  const newBalance = pending
    ? balanceCents + (pending.direction === "credit" ? 1 : -1) * pending.amountCents
    : 0;
  const verb = pending?.direction === "debit" ? "Debit" : "Credit";

  return (
    <Card className="mt-6" data-testid="balance-adjustment">
      <CardHeader
        title={ADJUSTMENT_TEXT.heading}
        description="A payment taken by hand, a goodwill credit or a correction. The customer's statement shows its kind, not the reason."
      />
      <form
        ref={formRef}
        method="post"
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const checked = checkForm(form, balanceCents);
          setErrors(checked.errors);
          if (!checked.pending) {
            requestAnimationFrame(() =>
              formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
            );
            return;
          }
          setPending({ ...checked.pending, form });
        }}
      >
        <input type="hidden" name="intent" value="adjust-balance" />
        <Select label="Kind" name="kind" options={KIND_OPTIONS} error={errors.kind} required />
        <Select
          label="Credit or debit"
          name="direction"
          options={DIRECTION_OPTIONS}
          error={errors.direction}
          required
        />
        <Input
          label="Amount (USD)"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="25.00"
          error={errors.amount}
          required
        />
        <Textarea
          label="Reason"
          name="reason"
          rows={2}
          maxLength={ADJUSTMENT_REASON_MAX}
          hint="For the admins and the audit log; the customer does not see it."
          error={errors.reason}
          fieldClassName="sm:col-span-3"
          required
        />
        <SecondFactorCodeField
          needed={codeNeeded}
          error={errors.secondFactorCode}
          className="sm:col-span-3"
        />
        <div className="sm:col-span-3">
          <Button type="submit" variant="secondary" disabled={busy}>
            {busy ? "Saving..." : "Review adjustment"}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `${verb} ${formatCents(pending.amountCents)}?` : ""}
        onClose={() => setPending(null)}
        actions={
          <>
            <Button type="button" variant="secondary" onClick={() => setPending(null)}>
              Go back
            </Button>
            <Button
              type="button"
              variant={pending?.direction === "debit" ? "danger" : "primary"}
              disabled={busy}
              onClick={() => {
                if (pending) void fetcher.submit(pending.form, { method: "post" });
                setPending(null);
              }}
            >
              {pending ? `${verb} ${formatCents(pending.amountCents)}` : verb}
            </Button>
          </>
        }
      >
        {pending ? (
          <>
            <p>
              {ADJUSTMENT_LABELS[pending.kind]}: the balance goes from {formatCents(balanceCents)} to{" "}
              <strong data-testid="adjustment-new-balance">{formatCents(newBalance)}</strong>.
            </p>
            <p className="mt-2">The customer's statement shows "{ADJUSTMENT_LABELS[pending.kind]}".</p>
          </>
        ) : null}
      </ConfirmDialog>
    </Card>
  );
}
