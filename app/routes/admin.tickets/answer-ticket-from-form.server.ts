import { z } from "zod";
import type { Notice } from "../../domain/orders/messages.ts";
import { refuse } from "../../domain/refusal.ts";
import { refusalAnswer } from "../../domain/refusal-answer.server.ts";
import { answerTicket } from "../../domain/tickets/answer-ticket.server.ts";
import { TICKET_ADMIN_TEXT, TICKET_STATUSES } from "../../domain/tickets/messages.ts";
import type { Database } from "../../lib/database-context.server.ts";

export const ticketAnswerForm = z
  .object({
    intent: z.literal("answer"),
    ticketId: z.uuid(),
    status: z.enum(TICKET_STATUSES),
    // Length is checked by answerTicket after trimming, with its own message.
    response: z.string().max(20_000).optional().default(""),
  })
  .strict();

/** The admin tickets form: status and response of one ticket, parsed strictly, then answerTicket. */
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
