import type { Notice } from "../../domain/notice.ts";
import { refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { answerTicket, ticketAnswerForm } from "../../domain/tickets/answer-ticket.server.ts";
import { TICKET_ADMIN_TEXT } from "../../domain/tickets/messages.ts";
import type { Database } from "../../lib/database-context.server.ts";

/**
 * The admin tickets form: status and response of one ticket, parsed with the tickets area's schema, then
 * answerTicket; answered with the toast the list shows.
 */
export async function answerTicketFromForm(
  db: Database,
  input: { adminId: string; form: Record<string, unknown> },
): Promise<{ ok: boolean; notice: Notice }> {
  const parsed = ticketAnswerForm.safeParse(input.form);
  const result = parsed.success
    ? await answerTicket(db, { adminId: input.adminId, ...parsed.data })
    : refuse("invalid", TICKET_ADMIN_TEXT.invalid);
  if (!result.ok) return refusalAnswer({ ...result, title: TICKET_ADMIN_TEXT.updateFailed }).body;
  return { ok: true, notice: { title: TICKET_ADMIN_TEXT.updated, message: result.ticketNumber } };
}
