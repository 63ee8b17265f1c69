import { Link } from "react-router";
import { formatDateTime } from "../../components/admin/format.ts";
import {
  AdminTicketHeading,
  type AdminTicketHeadingView,
} from "../../components/tickets/admin-ticket-heading.tsx";
import { TicketAnswerForm } from "../../components/tickets/ticket-answer-form.tsx";
import { Card } from "../../components/ui/card.tsx";
import { TICKET_ADMIN_TEXT, TICKET_THREAD_TEXT, ticketMessageCount } from "../../domain/tickets/messages.ts";
import type { TicketSummary } from "../../domain/tickets/read-ticket-summaries.server.ts";

/** A ticket as the list receives it: its heading and its thread's summary (product rules 17.20). */
export type AdminTicketView = AdminTicketHeadingView & TicketSummary;

/**
 * The admin tickets: each with its customer, linked order, how many messages it holds and the start of the last,
 * a link to its page (the whole thread), and the reply and status form.
 */
export function TicketsList({ tickets, empty }: { tickets: AdminTicketView[]; empty: string }) {
  if (tickets.length === 0) return <Card className="text-slate-600">{empty}</Card>;
  return (
    <ul className="space-y-4">
      {tickets.map((ticket) => (
        <li key={ticket.id} className="min-w-0">
          <Card data-testid="admin-ticket" aria-labelledby={`ticket-${ticket.id}`} className="min-w-0">
            <AdminTicketHeading ticket={ticket} link />
            <LastMessage ticket={ticket} />
            <TicketAnswerForm ticket={ticket} />
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The thread in one line: its message count, who wrote the last message and when, and the start of it. */
function LastMessage({ ticket }: { ticket: AdminTicketView }) {
  const last = ticket.lastMessage;
  return (
    <div data-testid="ticket-summary" className="mt-3 min-w-0 rounded-lg border border-slate-200 p-3 text-sm">
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
        <span data-testid="ticket-message-count" className="font-semibold text-slate-800">
          {ticketMessageCount(ticket.messageCount)}
        </span>
        {last ? (
          <>
            <span>
              {"Last from "}
              {last.authorRole === "admin" ? TICKET_THREAD_TEXT.support : TICKET_THREAD_TEXT.customer}
            </span>
            <time dateTime={last.createdAt}>{formatDateTime(last.createdAt)}</time>
          </>
        ) : null}
        <Link to={`/admin/tickets/${ticket.id}`} className="ml-auto text-brand-700 underline">
          {TICKET_ADMIN_TEXT.openTicket}
          <span className="sr-only"> {ticket.ticketNumber}</span>
        </Link>
      </p>
      {last ? (
        <p data-testid="ticket-last-message" className="mt-1 line-clamp-3 wrap-anywhere text-slate-800">
          {last.excerpt}
          {last.cut ? "…" : ""}
        </p>
      ) : null}
    </div>
  );
}
