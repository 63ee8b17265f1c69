import { Link } from "react-router";
import type { AdminTicketHeading as Heading } from "../../domain/tickets/list-tickets-for-admin.server.ts";
import { TICKET_CATEGORIES, type TicketStatus, ticketStatusLabel } from "../../domain/tickets/messages.ts";
import { formatDateTime } from "../admin/format.ts";

/** A ticket's heading as a page receives it (the date as ISO text). */
export type AdminTicketHeadingView = Omit<Heading, "createdAt"> & { createdAt: string };

const STATUS_COLOURS: Record<TicketStatus, string> = {
  open: "bg-amber-100 text-amber-900",
  in_progress: "bg-sky-100 text-sky-900",
  completed: "bg-emerald-100 text-emerald-900",
};

function categoryLabel(value: string): string {
  return TICKET_CATEGORIES.find((category) => category.value === value)?.label ?? value;
}

/**
 * A ticket's number and subject (linked to its own page from the list), its customer, category, order, date and
 * status badge: the same on the tickets list and the ticket's page.
 */
export function AdminTicketHeading({
  ticket,
  as: Title = "h2",
  link = false,
}: {
  ticket: AdminTicketHeadingView;
  as?: "h1" | "h2";
  link?: boolean;
}) {
  const title = `${ticket.ticketNumber}: ${ticket.subject}`;
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <Title id={`ticket-${ticket.id}`} className="wrap-anywhere font-semibold text-slate-900">
          {link ? (
            <Link to={`/admin/tickets/${ticket.id}`} className="hover:underline">
              {title}
            </Link>
          ) : (
            title
          )}
        </Title>
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
  );
}
