import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { tickets } from "../../db/schema.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { isUuid } from "../ids.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { TICKET_ADMIN_TEXT, TICKET_RESPONSE_MAX, type TicketStatus } from "./messages.ts";

export type TicketAnswer = { ok: true; ticketNumber: string } | Refusal;

/**
 * An admin sets a ticket's status and its response to the customer (empty clears it), recording who answered
 * on the ticket and in admin_audit_log, in one transaction. The customer reads it through listTickets.
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
    const [before] = await tx
      .select({ status: tickets.status })
      .from(tickets)
      .where(eq(tickets.id, input.ticketId))
      .for("update");
    if (!before) return refuse("not_found", TICKET_ADMIN_TEXT.notFound);
    // The row is locked above, so the update finds it.
    const [updated] = await tx
      .update(tickets)
      .set({
        status: input.status,
        adminResponse: response || null,
        respondedByAdminId: response ? input.adminId : null,
        updatedAt: sql`now()`,
      })
      .where(eq(tickets.id, input.ticketId))
      .returning({ ticketNumber: tickets.ticketNumber });
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: "ticket.answered",
      subjectType: "ticket",
      subjectId: input.ticketId,
      details: { from: before.status, to: input.status, responded: Boolean(response) },
    });
    return { ok: true as const, ticketNumber: updated?.ticketNumber ?? "" };
  });
}
