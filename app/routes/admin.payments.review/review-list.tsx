import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { AdminTable } from "../../components/admin/admin-table.tsx";
import { formatDateTime } from "../../components/admin/format.ts";
import { StaffOnly } from "../../components/admin/staff-only.tsx";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import {
  REVIEW_NOTE_MAX,
  REVIEW_RESULT_LABELS,
  REVIEW_TEXT,
} from "../../domain/payments/manual-deposit-text.ts";
import { formatCents } from "../../lib/format-money.ts";

type ReviewEvent = {
  id: string;
  gateway: string;
  type: string;
  depositId: string | null;
  result: string;
  receivedAt: string;
  askedCents: number | null;
  customer: { id: string; email: string } | null;
  reportedCents: number | null;
  reportedCurrency: string | null;
  reviewedAt: string | null;
  reviewedBy: string | null;
  reviewNote: string | null;
};

const OPEN_HEADINGS = ["What happened", "Customer and deposit", "Asked", "Reported", "Received", "Action"];
const REVIEWED_HEADINGS = ["What happened", "Customer and deposit", "Asked", "Reported", "Reviewed", "Note"];

/** What the gateway said it took: dollars as the shop writes them, another currency with its code. */
function reportedAmount(amountCents: number | null, currency: string | null): string {
  if (amountCents === null) return "Not said";
  if (!currency || currency.toLowerCase() === "usd") return formatCents(amountCents);
  return `${(amountCents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** The events to review (or reviewed), one row each, with "Mark reviewed" for the roles that may act. */
export function ReviewList({ events, reviewed }: { events: ReviewEvent[]; reviewed: boolean }) {
  return (
    <Card className="mt-4 sm:overflow-x-auto" data-testid="payment-review-list">
      <AdminTable
        headings={reviewed ? REVIEWED_HEADINGS : OPEN_HEADINGS}
        items={events}
        empty={
          reviewed
            ? "No event has been marked reviewed yet."
            : "Nothing to review: every payment the gateways reported was followed by the shop."
        }
      >
        {(event) => (
          <tr key={event.id} className="align-top" data-testid="review-row">
            <td className="px-4 py-3 font-medium text-slate-900">
              {REVIEW_RESULT_LABELS[event.result] ?? event.result}
              <span className="block text-xs font-normal text-slate-500">
                {event.gateway} · {event.type}
              </span>
              <span className="mt-1 block font-mono text-xs font-normal wrap-anywhere text-slate-600">
                {event.id}
              </span>
            </td>
            <td className="px-4 py-3 wrap-anywhere">
              {event.customer ? (
                <Link
                  to={`/admin/users/${event.customer.id}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {event.customer.email}
                </Link>
              ) : (
                <span className="text-slate-500">Unknown</span>
              )}
              <span className="mt-1 block font-mono text-xs text-slate-600">
                {event.depositId ?? "No such deposit"}
              </span>
            </td>
            <td className="px-4 py-3 tabular-nums">
              {event.askedCents === null ? "—" : formatCents(event.askedCents)}
            </td>
            <td className="px-4 py-3 tabular-nums" data-testid="review-reported">
              {reportedAmount(event.reportedCents, event.reportedCurrency)}
            </td>
            {/* One cell per condition: the table labels its cells for phones, and a fragment would hide them. */}
            {reviewed ? (
              <td className="px-4 py-3 text-slate-700">
                {event.reviewedAt ? formatDateTime(event.reviewedAt) : ""}
                <span className="block text-xs wrap-anywhere text-slate-500">{event.reviewedBy}</span>
              </td>
            ) : (
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                {formatDateTime(event.receivedAt)}
              </td>
            )}
            {reviewed ? (
              <td className="px-4 py-3 whitespace-pre-wrap break-words text-slate-700">{event.reviewNote}</td>
            ) : (
              <td className="px-4 py-3">
                <StaffOnly permission="users.manage">
                  <MarkReviewedForm eventId={event.id} />
                </StaffOnly>
              </td>
            )}
          </tr>
        )}
      </AdminTable>
    </Card>
  );
}

/** "Mark reviewed" with a note of what the admin did (intent=mark-reviewed); the row leaves the list. */
function MarkReviewedForm({ eventId }: { eventId: string }) {
  const fetcher = useFetcher<ToastAnswer & { fieldErrors?: Record<string, string> }>();
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";
  useAnswerToast(fetcher.data);
  useEffect(() => {
    setError(fetcher.data?.ok === false ? fetcher.data.fieldErrors?.note : undefined);
  }, [fetcher.data]);
  return (
    <fetcher.Form
      method="post"
      className="flex min-w-56 flex-col gap-2"
      noValidate
      onSubmit={(event) => {
        if ((input.current?.value.trim().length ?? 0) < 3) {
          event.preventDefault();
          setError(REVIEW_TEXT.note);
          input.current?.focus();
        }
      }}
    >
      <input type="hidden" name="intent" value="mark-reviewed" />
      <input type="hidden" name="eventId" value={eventId} />
      <Input
        ref={input}
        label="Note"
        size="sm"
        name="note"
        maxLength={REVIEW_NOTE_MAX}
        placeholder="Refunded at the gateway"
        className="w-full"
        error={error}
      />
      <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={busy}>
        {busy ? "Saving..." : "Mark reviewed"}
      </Button>
    </fetcher.Form>
  );
}
