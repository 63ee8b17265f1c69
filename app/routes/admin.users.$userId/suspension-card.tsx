import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatDateTime } from "../../components/admin/format.ts";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { useStaffCan } from "../../components/admin/use-staff-can.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardHeader } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import {
  isSuspensionReason,
  SUSPENSION_REASON_MAX,
  SUSPENSION_TEXT,
} from "../../domain/accounts/user-controls-text.ts";

type Answer = ToastAnswer & { fieldErrors?: Record<string, string> };

/**
 * The account's status (product rules 15.20-15.22): Suspend with a reason, previewed in a dialog that says what it
 * does; or, while suspended, the reason and since when, and Unsuspend.
 */
export function SuspensionCard({
  suspension,
}: {
  suspension: { reason: string; suspendedAt: string } | null;
}) {
  const fetcher = useFetcher<Answer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState<FormData | null>(null);
  const busy = fetcher.state !== "idle";
  const mayChange = useStaffCan("users.manage");
  useAnswerToast(fetcher.data);

  useEffect(() => {
    if (!fetcher.data) return;
    setError(fetcher.data.ok ? undefined : fetcher.data.fieldErrors?.reason);
    if (fetcher.data.ok) formRef.current?.reset();
  }, [fetcher.data]);

  if (suspension) {
    return (
      <Card className="mt-6 border-red-200" data-testid="account-suspension">
        <CardHeader
          title="Suspended"
          description={`Since ${formatDateTime(suspension.suspendedAt)}: sign-in and API keys are refused; orders already placed run on.`}
        />
        <p className="mt-3 text-sm break-words text-slate-700" data-testid="suspension-reason">
          Reason: {suspension.reason}
        </p>
        {mayChange ? (
          <fetcher.Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="unsuspend" />
            <Button type="submit" variant="secondary" disabled={busy}>
              {busy ? "Saving..." : "Unsuspend"}
            </Button>
          </fetcher.Form>
        ) : null}
      </Card>
    );
  }
  // Support sees a suspension but does not suspend (product rules 15.38).
  if (!mayChange) return null;
  return (
    <Card className="mt-6" data-testid="account-suspension">
      <CardHeader
        title="Suspend account"
        description="For fraud or abuse: signs the user out everywhere and refuses their sign-in and API keys. Orders already placed run on."
      />
      <form
        ref={formRef}
        method="post"
        noValidate
        className="mt-4 grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          if (!isSuspensionReason(String(form.get("reason") ?? ""))) {
            setError(SUSPENSION_TEXT.reason);
            requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("textarea")?.focus());
            return;
          }
          setError(undefined);
          setPending(form);
        }}
      >
        <input type="hidden" name="intent" value="suspend" />
        <Textarea
          label="Reason for suspending"
          name="reason"
          rows={2}
          maxLength={SUSPENSION_REASON_MAX}
          hint="For the admins and the audit log; the customer does not see it."
          error={error}
          required
        />
        <div>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? "Saving..." : "Suspend"}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title="Suspend this account?"
        onClose={() => setPending(null)}
        actions={
          <>
            <Button type="button" variant="secondary" onClick={() => setPending(null)}>
              Go back
            </Button>
            <Button
              type="button"
              variant="danger"
              disabled={busy}
              onClick={() => {
                if (pending) void fetcher.submit(pending, { method: "post" });
                setPending(null);
              }}
            >
              Suspend
            </Button>
          </>
        }
      >
        <p>
          The user is signed out at once, cannot sign in, and their API keys are refused until you unsuspend
          them.
        </p>
        <p className="mt-2">Orders already placed keep running and complete or refund as usual.</p>
      </ConfirmDialog>
    </Card>
  );
}
