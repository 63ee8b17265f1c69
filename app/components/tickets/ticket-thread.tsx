import { TICKET_THREAD_TEXT, ticketStatusChangeLabel } from "../../domain/tickets/messages.ts";
import type { ThreadEntry } from "../../domain/tickets/read-threads.server.ts";
import { formatDateTime } from "../dashboard/format.ts";

/** A thread as a page receives it. */
export type ThreadView = ThreadEntry[];

function authorName(entry: ThreadEntry, viewer: "customer" | "admin"): string {
  if (entry.authorRole === "customer")
    return viewer === "customer" ? TICKET_THREAD_TEXT.you : TICKET_THREAD_TEXT.customer;
  return entry.authorEmail
    ? `${TICKET_THREAD_TEXT.support} (${entry.authorEmail})`
    : TICKET_THREAD_TEXT.support;
}

/**
 * A ticket's thread, oldest first (product rules 7.8): each message with who wrote it and when, and each status
 * change on its own line. Long unbroken text (a pasted link) wraps instead of widening the page.
 */
export function TicketThread({ entries, viewer }: { entries: ThreadView; viewer: "customer" | "admin" }) {
  return (
    <ol className="mt-3 min-w-0 space-y-2" data-testid="ticket-thread">
      {entries.map((entry) => (
        <li
          key={entry.id}
          data-testid="thread-entry"
          data-author={entry.authorRole}
          className={`min-w-0 rounded-lg p-3 text-sm ${
            entry.body === null
              ? "bg-transparent px-0 py-1"
              : entry.authorRole === "admin"
                ? "bg-brand-50"
                : "border border-slate-200 bg-slate-50"
          }`}
        >
          <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
            <span
              className={`min-w-0 wrap-anywhere font-semibold ${
                entry.authorRole === "admin" ? "text-brand-700" : "text-slate-800"
              }`}
            >
              {authorName(entry, viewer)}
            </span>
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </p>
          {entry.body !== null ? (
            <p className="mt-1 whitespace-pre-line wrap-anywhere text-slate-800">{entry.body}</p>
          ) : null}
          {entry.status ? (
            <p data-testid="thread-status" className="mt-1 text-xs font-semibold text-slate-700">
              {ticketStatusChangeLabel(entry.status)}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
