import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import {
  suggestedAdminStatus,
  TICKET_RESPONSE_MAX,
  TICKET_STATUSES,
  TICKET_THREAD_TEXT,
  type TicketStatus,
  ticketStatusLabel,
} from "../../domain/tickets/messages.ts";
import { type ToastAnswer, useAnswerToast } from "../admin/use-answer-toast.ts";
import { Button } from "../ui/button.tsx";
import { Select } from "../ui/select.tsx";
import { Textarea } from "../ui/textarea.tsx";

/** Where the answer form posts, from the list and from a ticket's page alike: the tickets list's action. */
export const TICKET_ANSWER_ACTION = "/admin/tickets";

/**
 * A reply and the status it leaves the ticket in (product rules 7.8): an open ticket is proposed "in progress"
 * (answered); a status change alone is allowed too. A sent reply empties the field, and the page it sits on is read
 * again, so the list's summary or the ticket's thread shows it.
 */
export function TicketAnswerForm({ ticket }: { ticket: { id: string; status: TicketStatus } }) {
  const fetcher = useFetcher<ToastAnswer>();
  const busy = fetcher.state !== "idle";
  useAnswerToast(fetcher.data);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.data?.ok) form.current?.reset();
  }, [fetcher.data]);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={TICKET_ANSWER_ACTION}
      className="mt-4 grid gap-3 border-t border-slate-100 pt-4 md:grid-cols-[12rem_minmax(0,1fr)]"
    >
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="ticketId" value={ticket.id} />
      <Select
        key={ticket.status}
        label="Status"
        name="status"
        defaultValue={suggestedAdminStatus(ticket.status)}
      >
        {TICKET_STATUSES.map((status) => (
          <option key={status} value={status}>
            {ticketStatusLabel(status)}
          </option>
        ))}
      </Select>
      <Textarea
        label={TICKET_THREAD_TEXT.adminReplyLabel}
        name="response"
        rows={3}
        maxLength={TICKET_RESPONSE_MAX}
      />
      <div className="md:col-start-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Update Ticket"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
