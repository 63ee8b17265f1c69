import { data } from "react-router";
import { z } from "zod";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { TICKET_THREAD_TEXT } from "../../domain/tickets/messages.ts";
import { replyToTicket } from "../../domain/tickets/reply-to-ticket.server.ts";
import type { Database } from "../../lib/database-context.server.ts";

export const ticketReplyForm = z
  .object({
    intent: z.literal("reply-ticket"),
    ticketId: z.string().trim().max(64),
    // The length is checked by replyToTicket after trimming, with its own message.
    body: z.string().max(50_000).default(""),
  })
  .strict();

/** What the dashboard answers to intent=reply-ticket: the reply form shows a refusal beside its field. */
export type TicketReplyData =
  | { ok: true; ticketNumber: string; status: string }
  | { ok: false; message: string; field?: string };

/**
 * The Support tab's reply form: the customer answers in one of their own tickets (product rules 7.8). A refusal is
 * answered the usual way (refusalAnswer: 200 for what the form shows, 429 with Retry-After for the limit).
 */
export async function replyToTicketFromForm(db: Database, input: { userId: string; form: unknown }) {
  const parsed = ticketReplyForm.safeParse(input.form);
  if (!parsed.success)
    return data<TicketReplyData>({ ok: false, message: TICKET_THREAD_TEXT.notFound }, { status: 400 });
  const result = await replyToTicket(db, { userId: input.userId, ...parsed.data });
  if (!result.ok) {
    const answer = refusalAnswer(result);
    return data<TicketReplyData>({ ok: false, message: answer.message, field: answer.field }, answer.init);
  }
  return data<TicketReplyData>({ ok: true, ticketNumber: result.ticketNumber, status: result.status });
}
