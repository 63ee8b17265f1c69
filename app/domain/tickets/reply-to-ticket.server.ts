import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { ticketMessages, tickets, users } from "../../db/schema.ts";
import { alertTicketReply } from "../alerts/ticket-alerts.server.ts";
import { isUuid } from "../ids.ts";
import { type Refusal, rateLimited, refuse } from "../refusal.ts";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit.server.ts";
import {
  STATUS_AFTER_CUSTOMER_REPLY,
  TICKET_REPLY_MAX,
  TICKET_THREAD_TEXT,
  type TicketStatus,
} from "./messages.ts";

/** Replies one customer may send in a window, over all their tickets (product rules 7.8 and 10.5). */
export const TICKET_REPLY_RATE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 10 * 60 };

export type TicketReply = { ok: true; ticketNumber: string; status: TicketStatus };

/**
 * The customer answers in their own ticket's thread (someone else's ticket is not found, product rules 10.7). The
 * reply puts the ticket back in support's queue (`open`, the change shown in the thread) and alerts the operator (mailed
 * to the alerts address, by default the support e-mail, rules 14.21), in one transaction under the ticket's row lock
 * (product rules 7.8).
 */
export async function replyToTicket(
  db: Executor,
  input: { userId: string; ticketId: string; body: string },
): Promise<TicketReply | Refusal> {
  const body = input.body.trim();
  if (!body) return refuse("invalid", TICKET_THREAD_TEXT.emptyReply, { field: "body" });
  if (body.length > TICKET_REPLY_MAX)
    return refuse("invalid", TICKET_THREAD_TEXT.replyTooLong, { field: "body" });
  if (!isUuid(input.ticketId)) return refuse("not_found", TICKET_THREAD_TEXT.notFound);
  const mine = and(eq(tickets.id, input.ticketId), eq(tickets.userId, input.userId));
  if ((await db.$count(tickets, mine)) === 0) return refuse("not_found", TICKET_THREAD_TEXT.notFound);

  // Counted only for replies that would be stored, so an empty form does not use up the customer's attempts.
  const limit = await hitRateLimit(db, `ticket-reply:user:${input.userId}`, TICKET_REPLY_RATE_LIMIT);
  if (!limit.allowed) return rateLimited(TICKET_THREAD_TEXT.tooManyReplies, limit.retryAfterSeconds);

  return db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(tickets).where(mine).for("update");
    if (!ticket) return refuse("not_found", TICKET_THREAD_TEXT.notFound);
    const status = STATUS_AFTER_CUSTOMER_REPLY;
    const changed = ticket.status !== status;
    const [message] = await tx
      .insert(ticketMessages)
      .values({
        ticketId: ticket.id,
        authorId: input.userId,
        authorRole: "customer",
        body,
        status: changed ? status : null,
      })
      .returning({ id: ticketMessages.id });
    await tx.update(tickets).set({ status, updatedAt: sql`now()` }).where(eq(tickets.id, ticket.id));
    const [customer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
    await alertTicketReply(tx, {
      ticketId: ticket.id,
      messageId: String(message?.id ?? ""),
      ticketNumber: ticket.ticketNumber,
      subject: ticket.subject,
      customerEmail: customer?.email ?? "A customer",
      body,
    });
    return { ok: true as const, ticketNumber: ticket.ticketNumber, status };
  });
}
