import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { SecondFactorCodeField } from "../../components/admin/second-factor-code-field.tsx";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import type { AdminPayout } from "../../domain/affiliates/list-payouts-for-admin.server.ts";
import { PAYOUT_NOTE_MAX, PAYOUT_TEXT } from "../../domain/affiliates/payout-text.ts";
import { formatCents } from "../../lib/format-money.ts";

/** A payout request as the page receives it (dates as ISO text). */
export type PayoutRow = Omit<AdminPayout, "requestedAt" | "decidedAt"> & {
  requestedAt: string;
  decidedAt: string | null;
};

type Answer = ToastAnswer & { fieldErrors?: Record<string, string> };
type Mode = "pay-wallet" | "pay-elsewhere" | "reject";

const TITLES: Record<Mode, (amount: string) => string> = {
  "pay-wallet": (amount) => `Pay ${amount} into the shop wallet?`,
  "pay-elsewhere": (amount) => `Record ${amount} as paid elsewhere?`,
  reject: (amount) => `Reject the request for ${amount}?`,
};

const CONFIRM: Record<Mode, string> = {
  "pay-wallet": "Pay to Wallet",
  "pay-elsewhere": "Record Payment",
  reject: "Reject Request",
};

/**
 * A request's three answers, each previewed in a dialog that states its effect before it is confirmed (what moves,
 * to whom); a payment asks for the authenticator code when the session gave none lately (product rules 15.35).
 */
export function PayoutActions({ payout, codeNeeded }: { payout: PayoutRow; codeNeeded: boolean }) {
  const fetcher = useFetcher<Answer>();
  const [mode, setMode] = useState<Mode | null>(null);
  const busy = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const formId = `payout-${payout.id}`;
  const amount = formatCents(payout.amountCents);
  useAnswerToast(fetcher.data);

  // A refusal of a field (the code, the reference, the reason) keeps the dialog open beside it; any other answer
  // closes it (the list reloads).
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && (fetcher.data.ok || !fetcher.data.fieldErrors))
      setMode(null);
  }, [fetcher.state, fetcher.data]);

  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="primary" onClick={() => setMode("pay-wallet")} disabled={busy}>
        Pay to Wallet
      </Button>
      <Button variant="secondary" onClick={() => setMode("pay-elsewhere")} disabled={busy}>
        Paid Elsewhere
      </Button>
      <Button variant="ghost" onClick={() => setMode("reject")} disabled={busy}>
        Reject
      </Button>
      <ConfirmDialog
        open={mode !== null}
        title={mode ? TITLES[mode](amount) : ""}
        onClose={() => setMode(null)}
        actions={
          <>
            <Button type="button" variant="secondary" onClick={() => setMode(null)}>
              Go back
            </Button>
            <Button
              type="submit"
              form={formId}
              variant={mode === "reject" ? "danger" : "primary"}
              disabled={busy}
            >
              {busy ? "Saving..." : mode ? CONFIRM[mode] : ""}
            </Button>
          </>
        }
      >
        {mode === "pay-wallet" ? (
          <p>
            {amount} goes into {payout.affiliateEmail}'s shop wallet at once: their wallet goes from{" "}
            {formatCents(payout.walletBalanceCents)} to{" "}
            <strong data-testid="payout-new-wallet">
              {formatCents(payout.walletBalanceCents + payout.amountCents)}
            </strong>
            , and their commission balance from {formatCents(payout.commissionBalanceCents)} to{" "}
            {formatCents(payout.commissionBalanceCents - payout.amountCents)}. Their statement shows "
            {PAYOUT_TEXT.walletReason}".
          </p>
        ) : mode === "pay-elsewhere" ? (
          <p>
            You paid {amount} to {payout.affiliateEmail} outside the shop (a bank transfer, PayPal): their
            commission balance goes down by it; their shop wallet does not change.
          </p>
        ) : mode === "reject" ? (
          <p>Nothing is paid; {payout.affiliateEmail} sees the reason and may ask again for their balance.</p>
        ) : null}
        {mode ? (
          <fetcher.Form id={formId} method="post" noValidate className="mt-4 grid gap-3">
            <input type="hidden" name="intent" value={mode} />
            <input type="hidden" name="payoutId" value={payout.id} />
            {mode === "pay-elsewhere" ? (
              <Input
                label="Payment reference"
                name="reference"
                maxLength={PAYOUT_NOTE_MAX}
                autoComplete="off"
                error={errors.reference}
                required
              />
            ) : null}
            {mode === "reject" ? (
              <Textarea
                label="Reason (the affiliate sees it)"
                name="reason"
                rows={2}
                maxLength={PAYOUT_NOTE_MAX}
                error={errors.reason}
                required
              />
            ) : null}
            {mode !== "reject" ? (
              <SecondFactorCodeField needed={codeNeeded} error={errors.secondFactorCode} />
            ) : null}
          </fetcher.Form>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
