import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { formatDateTime } from "../../components/admin/format.ts";
import { type ToastAnswer, useAnswerToast } from "../../components/admin/use-answer-toast.ts";
import { TicketThread } from "../../components/tickets/ticket-thread.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Select } from "../../components/ui/select.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import type { AdminTicketRow } from "../../domain/tickets/list-tickets-for-admin.server.ts";
import {
  suggestedAdminStatus,
  TICKET_CATEGORIES,
  TICKET_RESPONSE_MAX,
  TICKET_STATUSES,
  TICKET_THREAD_TEXT,
  type TicketStatus,
  ticketStatusLabel,
} from "../../domain/tickets/messages.ts";

/** A ticket as the page receives it (the date as ISO text). */
export type AdminTicketView = Omit<AdminTicketRow, "createdAt"> & { createdAt: string };

const STATUS_COLOURS: Record<TicketStatus, string> = {
  open: "bg-amber-100 text-amber-900",
  in_progress: "bg-sky-100 text-sky-900",
  completed: "bg-emerald-100 text-emerald-900",
};

function categoryLabel(value: string): string {
  return TICKET_CATEGORIES.find((category) => category.value === value)?.label ?? value;
}

/** The admin tickets: each with its customer, linked order, thread, and the reply and status form. */
export function TicketsList({ tickets, empty }: { tickets: AdminTicketView[]; empty: string }) {
  if (tickets.length === 0) return <Card className="text-slate-600">{empty}</Card>;
  return (
    <ul className="space-y-4">
      {tickets.map((ticket) => (
        <li key={ticket.id} className="min-w-0">
          <Card data-testid="admin-ticket" aria-labelledby={`ticket-${ticket.id}`} className="min-w-0">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <h2 id={`ticket-${ticket.id}`} className="wrap-anywhere font-semibold text-slate-900">
                  {ticket.ticketNumber}: {ticket.subject}
                </h2>
                <p className="wrap-anywhere text-sm text-slate-600">
                  {ticket.customerEmail ? (
                    <Link to={`/admin/users/${ticket.userId}`} className="text-brand-700 underline">
                      {ticket.customerEmail}
                    </Link>
                  ) : (
                    "Unknown"
                  )}
                  {" · "}
                  {categoryLabel(ticket.category).toUpperCase()}
                  {ticket.orderNumber ? (
                    <>
                      {" · Order "}
                      <Link
                        to={`/admin/orders?q=${encodeURIComponent(ticket.orderNumber)}`}
                        className="text-brand-700 underline"
                      >
                        {ticket.orderNumber}
                      </Link>
                    </>
                  ) : null}
                  {" · "}
                  {formatDateTime(ticket.createdAt)}
                </p>
              </div>
              <span
                data-testid="ticket-status"
                className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_COLOURS[ticket.status]}`}
              >
                {ticketStatusLabel(ticket.status)}
              </span>
            </div>
            <TicketThread entries={ticket.thread} viewer="admin" />
            <AnswerForm ticket={ticket} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/**
 * A reply and the status it leaves the ticket in (product rules 7.8): an open ticket is proposed "in progress"
 * (answered); a status change alone is allowed too. A sent reply empties the field.
 */
function AnswerForm({ ticket }: { ticket: AdminTicketView }) {
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
