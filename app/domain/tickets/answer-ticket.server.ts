import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.server.ts";
import { ticketMessages, tickets } from "../../db/schema.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import { ticketReplyMail } from "../mail/notification-templates.ts";
import { shopUrl } from "../mail/shop-url.server.ts";
import { queueNotification } from "../notifications/queue-notification.server.ts";
import { type Refusal, refuse } from "../refusal.ts";
import {
  TICKET_ADMIN_TEXT,
  TICKET_RESPONSE_MAX,
  TICKET_STATUSES,
  TICKET_THREAD_TEXT,
  type TicketStatus,
  ticketStatusLabel,
} from "./messages.ts";

/** The admin tickets list's form: one ticket's status and response (intent=answer), strict. */
export const ticketAnswerForm = z
  .object({
    intent: z.literal("answer"),
    ticketId: z.uuid(),
    status: z.enum(TICKET_STATUSES),
    // Length is checked by answerTicket after trimming, with its own message.
    response: z.string().max(20_000).optional().default(""),
  })
  .strict();

export type TicketAnswer = { ok: true; ticketNumber: string } | Refusal;

/**
 * An admin answers a ticket: a reply (optional) and the status it leaves the ticket in, added to the thread as one
 * entry (product rules 7.8); a reply mails the customer unless they switched support replies off (product rules
 * 6.5). One transaction under the ticket's row lock, recorded in admin_audit_log.
 */
export async function answerTicket(
  db: Database,
  input: { adminId: string; ticketId: string; status: TicketStatus; response: string },
): Promise<TicketAnswer> {
  if (!isUuid(input.ticketId)) return refuse("not_found", TICKET_ADMIN_TEXT.notFound);
  const response = input.response.trim();
  if (response.length > TICKET_RESPONSE_MAX)
    return refuse("invalid", TICKET_ADMIN_TEXT.responseTooLong, { field: "response" });
  return db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, input.ticketId)).for("update");
    if (!ticket) return refuse("not_found", TICKET_ADMIN_TEXT.notFound);
    const changed = ticket.status !== input.status;
    if (!response && !changed)
      return refuse("invalid", TICKET_THREAD_TEXT.adminNothingToDo, { field: "response" });
    await tx.insert(ticketMessages).values({
      ticketId: ticket.id,
      authorId: input.adminId,
      authorRole: "admin",
      body: response || null,
      status: changed ? input.status : null,
    });
    await tx
      .update(tickets)
      .set({ status: input.status, updatedAt: sql`now()` })
      .where(eq(tickets.id, ticket.id));
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "ticket.answered",
      subjectType: "ticket",
      subjectId: ticket.id,
      details: { from: ticket.status, to: input.status, responded: Boolean(response) },
    });
    if (response)
      await queueNotification(tx, {
        userId: ticket.userId,
        kind: "ticketReplies",
        compose: (recipient) =>
          ticketReplyMail(recipient, {
            ticketNumber: ticket.ticketNumber,
            subject: ticket.subject,
            body: response,
            statusLabel: ticketStatusLabel(input.status),
            ticketsUrl: shopUrl("/dashboard?tab=support"),
          }),
      });
    return { ok: true as const, ticketNumber: ticket.ticketNumber };
  });
}
