import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { AdminTable } from "../../components/admin/admin-table.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { SecondFactorCodeField } from "../../components/admin/second-factor-code-field.tsx";
import { StaffOnly } from "../../components/admin/staff-only.tsx";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Input } from "../../components/ui/input.tsx";
import { SECOND_FACTOR_CODE_FIELD } from "../../domain/accounts/two-factor-text.ts";
import {
  MANUAL_CLAIM_ADMIN_TEXT,
  MANUAL_DEPOSIT_TEXT,
  REASON_MAX,
} from "../../domain/payments/manual-deposit-text.ts";
import { formatCents } from "../../lib/format-money.ts";

type Claim = {
  depositId: string;
  userId: string;
  email: string;
  methodName: string;
  amountCents: number;
  reference: string;
  status: "pending" | "completed" | "failed" | "expired";
  claimedAt: string;
  reason: string | null;
};

type Answer = ToastAnswer & { fieldErrors?: Record<string, string> };

const HEADINGS = ["Customer", "Method", "Amount", "Reference", "Claimed", "State"];

const STATE_LABELS: Record<Claim["status"], string> = {
  pending: MANUAL_DEPOSIT_TEXT.pending,
  completed: MANUAL_DEPOSIT_TEXT.approved,
  failed: MANUAL_DEPOSIT_TEXT.rejected,
  expired: MANUAL_DEPOSIT_TEXT.rejected,
};

/** The customers' claims, pending first: each pending one approved or rejected by the roles that may. */
export function ClaimsList({ claims, codeNeeded }: { claims: Claim[]; codeNeeded: boolean }) {
  return (
    <Card className="mt-6 sm:overflow-x-auto" data-testid="manual-claims">
      <CardHeader
        title="Claims"
        description="Waiting ones first, oldest first; then the latest approved and rejected."
      />
      <div className="mt-4">
        <AdminTable headings={HEADINGS} items={claims} empty="No customer has claimed a manual payment yet.">
          {(claim) => (
            <tr key={claim.depositId} className="align-top" data-testid="claim-row">
              <td className="px-4 py-3 break-all">
                <Link
                  to={`/admin/users/${claim.userId}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {claim.email}
                </Link>
              </td>
              <td className="px-4 py-3 text-slate-700">{claim.methodName}</td>
              <td className="px-4 py-3 font-semibold tabular-nums text-slate-900">
                {formatCents(claim.amountCents)}
              </td>
              <td className="min-w-36 px-4 py-3 font-mono text-xs wrap-anywhere text-slate-700">
                {claim.reference}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {formatDateTime(claim.claimedAt)}
              </td>
              <td className="px-4 py-3">
                {claim.status === "pending" ? (
                  <StaffOnly permission="users.manage">
                    <ClaimDecision claim={claim} codeNeeded={codeNeeded} />
                  </StaffOnly>
                ) : (
                  <span className="text-slate-700">
                    {STATE_LABELS[claim.status]}
                    {claim.reason ? (
                      <span className="block text-xs break-words text-slate-500">{claim.reason}</span>
                    ) : null}
                  </span>
                )}
              </td>
            </tr>
          )}
        </AdminTable>
      </div>
    </Card>
  );
}

/**
 * Approve (a dialog that states the amount and the customer, with the authenticator code when the session needs
 * one: product rules 15.35) or Reject with the reason the customer reads.
 */
function ClaimDecision({ claim, codeNeeded }: { claim: Claim; codeNeeded: boolean }) {
  const approve = useFetcher<Answer>();
  const reject = useFetcher<Answer>();
  const [confirming, setConfirming] = useState(false);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reason = useRef<HTMLInputElement>(null);
  const formId = useId();
  useAnswerToast(approve.data);
  useAnswerToast(reject.data);
  const codeError =
    approve.data?.ok === false ? approve.data.fieldErrors?.[SECOND_FACTOR_CODE_FIELD] : undefined;

  useEffect(() => {
    if (approve.data?.ok) setConfirming(false);
  }, [approve.data]);
  useEffect(() => {
    setReasonError(reject.data?.ok === false ? reject.data.fieldErrors?.reason : undefined);
  }, [reject.data]);

  const busy = approve.state !== "idle" || reject.state !== "idle";
  const amount = formatCents(claim.amountCents);
  return (
    <div className="flex min-w-60 flex-col gap-2">
      <Button type="button" className="px-3 py-1.5" disabled={busy} onClick={() => setConfirming(true)}>
        Approve
      </Button>
      <reject.Form
        method="post"
        noValidate
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          if ((reason.current?.value.trim().length ?? 0) < 3) {
            event.preventDefault();
            setReasonError(MANUAL_CLAIM_ADMIN_TEXT.reason);
            reason.current?.focus();
          }
        }}
      >
        <input type="hidden" name="intent" value="reject-claim" />
        <input type="hidden" name="depositId" value={claim.depositId} />
        <Input
          ref={reason}
          label="Reason if rejected"
          size="sm"
          name="reason"
          maxLength={REASON_MAX}
          placeholder="No transfer with this reference"
          className="w-full"
          error={reasonError}
        />
        <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={busy}>
          Reject
        </Button>
      </reject.Form>
      <ConfirmDialog
        open={confirming}
        title={`Approve ${amount} for ${claim.email}?`}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              Go back
            </Button>
            <Button type="submit" form={formId} disabled={busy}>
              {`Credit ${amount}`}
            </Button>
          </>
        }
      >
        <p>
          Their wallet is credited <strong>{amount}</strong> and they get the receipt by mail. Check first
          that the payment by {claim.methodName} with the reference{" "}
          <strong className="wrap-anywhere">{claim.reference}</strong> arrived.
        </p>
        <approve.Form method="post" id={formId} className="mt-4">
          <input type="hidden" name="intent" value="approve-claim" />
          <input type="hidden" name="depositId" value={claim.depositId} />
          <SecondFactorCodeField needed={codeNeeded} error={codeError} />
        </approve.Form>
      </ConfirmDialog>
    </div>
  );
}
