import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, ticketMessages, tickets, users } from "../../db/schema.ts";
import { alertNewTicket } from "../alerts/ticket-alerts.server.ts";
import { isUuid } from "../ids.ts";
import { type Refusal, rateLimited, refuse } from "../refusal.ts";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit.server.ts";
import { TICKET_CATEGORIES, TICKET_MESSAGE_MAX, TICKET_SUBJECT_MAX, TICKET_TEXT } from "./messages.ts";

/** Tickets one customer may open in a window (product rules 10.5: ticket creation is rate-limited). */
export const TICKET_RATE_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 10 * 60 };

export type TicketInput = {
  userId: string;
  category: string;
  subject: string;
  message: string;
  orderId?: string | null;
};

export type CreatedTicket = { ok: true; ticket: { id: string; ticketNumber: string } };

/**
 * Opens a support ticket for the customer, optionally about one of their own orders; the number comes from the
 * database, and the message is the first entry of the ticket's thread (product rules 7.8), stored with it, and the
 * operator alerted (14.21). A
 * refused ticket is invalid or about an order that is not the customer's (with the field), or rate-limited.
 */
export async function createTicket(db: Executor, input: TicketInput): Promise<CreatedTicket | Refusal> {
  const category = TICKET_CATEGORIES.find((option) => option.value === input.category)?.value;
  const subject = input.subject.trim();
  const message = input.message.trim();
  if (!category) return refuse("invalid", TICKET_TEXT.missingFields, { field: "category" });
  if (!subject) return refuse("invalid", TICKET_TEXT.missingFields, { field: "subject" });
  if (!message) return refuse("invalid", TICKET_TEXT.missingFields, { field: "message" });
  if (subject.length > TICKET_SUBJECT_MAX)
    return refuse("invalid", TICKET_TEXT.subjectTooLong, { field: "subject" });
  if (message.length > TICKET_MESSAGE_MAX)
    return refuse("invalid", TICKET_TEXT.messageTooLong, { field: "message" });

  // Only an order ticket links an order (the spec: order_id is null unless the category is order).
  let orderId: string | null = null;
  if (category === "order") {
    const wanted = input.orderId?.trim() ?? "";
    if (!wanted) return refuse("invalid", TICKET_TEXT.selectOrder, { field: "orderId" });
    const [owned] = isUuid(wanted)
      ? await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, wanted), eq(orders.userId, input.userId)))
      : [];
    if (!owned) return refuse("not_found", TICKET_TEXT.orderNotFound, { field: "orderId" });
    orderId = owned.id;
  }

  // Counted only for complete tickets, so a typo does not use up the customer's attempts.
  const limit = await hitRateLimit(db, `ticket:user:${input.userId}`, TICKET_RATE_LIMIT);
  if (!limit.allowed) return rateLimited(TICKET_TEXT.tooMany, limit.retryAfterSeconds);

  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tickets)
      .values({ userId: input.userId, category, subject, orderId })
      .returning({ id: tickets.id, ticketNumber: tickets.ticketNumber });
    if (!created) throw new Error("The ticket was not stored");
    await tx
      .insert(ticketMessages)
      .values({ ticketId: created.id, authorId: input.userId, authorRole: "customer", body: message });
    // Support hears of it at once, in the ticket's own transaction (product rules 14.21).
    const [customer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
    await alertNewTicket(tx, {
      ticketId: created.id,
      ticketNumber: created.ticketNumber,
      subject,
      customerEmail: customer?.email ?? "A customer",
      body: message,
    });
    return { ok: true as const, ticket: created };
  });
}
