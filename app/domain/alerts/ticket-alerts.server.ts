import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { customerReplyMail, newTicketMail } from "../mail/notification-templates.ts";
import { raiseAlert } from "./raise-alert.server.ts";

type TicketWords = {
  ticketId: string;
  ticketNumber: string;
  subject: string;
  customerEmail: string;
  body: string;
};

const ticketLink = (ticketNumber: string) => `/admin/tickets?q=${encodeURIComponent(ticketNumber)}`;

/**
 * A customer opened a ticket: the operator is alerted and, with the kind switched on, mailed at once at the alerts
 * address (product rules 14.21), in the ticket's own transaction, so the mail goes out if and only if the ticket is
 * stored.
 */
export async function alertNewTicket(tx: Executor, ticket: TicketWords): Promise<void> {
  await raiseAlert(
    tx,
    {
      kind: "ticket_new",
      subjectKey: `ticket:${ticket.ticketId}`,
      title: `New ticket ${ticket.ticketNumber}: ${ticket.subject}`,
      details: `From ${ticket.customerEmail}`,
      link: ticketLink(ticket.ticketNumber),
    },
    { mail: (to, url) => newTicketMail(to, { ...ticket, adminUrl: url }) },
  );
}

/**
 * A customer replied in a ticket's thread (product rules 7.8): one alert for the reply, mailed like a new ticket
 * (14.21), the mail being the reply mail support has always had, so the reply is mailed once.
 */
export async function alertTicketReply(
  tx: Executor,
  reply: TicketWords & { messageId: string },
): Promise<void> {
  await raiseAlert(
    tx,
    {
      kind: "ticket_reply",
      subjectKey: `ticket:${reply.ticketId}:reply:${reply.messageId}`,
      title: `${reply.customerEmail} replied to ${reply.ticketNumber}: ${reply.subject}`,
      details: reply.body,
      link: ticketLink(reply.ticketNumber),
    },
    { mail: (to, url) => customerReplyMail(to, { ...reply, adminUrl: url }) },
  );
}

/**
 * A ticket's alerts leave the panel once support has answered it (the ticket is no longer open): the thread is
 * where the rest happens. A later reply opens it again with an alert of its own.
 */
export async function resolveAnsweredTicketAlerts(tx: Executor): Promise<number> {
  const result = await tx.execute(sql`update alerts a set resolved_at = now()
    from tickets t
    where a.resolved_at is null and a.kind in ('ticket_new', 'ticket_reply')
      -- The case keeps the cast to the ticket kinds, whose subject holds the ticket's id.
      and t.id = case when a.kind in ('ticket_new', 'ticket_reply') then split_part(a.subject_key, ':', 2)::uuid end
      and t.status <> 'open'`);
  return result.rowCount ?? 0;
}
