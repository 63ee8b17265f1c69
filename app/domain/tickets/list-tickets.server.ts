import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, tickets } from "../../db/schema.ts";
import type { TicketCategory } from "./messages.ts";

export type CustomerTicket = {
  id: string;
  ticketNumber: string;
  category: TicketCategory;
  subject: string;
  message: string;
  status: "open" | "in_progress" | "completed";
  adminResponse: string | null;
  orderNumber: string | null;
  createdAt: string;
};

/** The customer's own tickets, newest first, with the linked order's number. */
export async function listTickets(db: Executor, userId: string, limit = 50): Promise<CustomerTicket[]> {
  const rows = await db
    .select({
      id: tickets.id,
      ticketNumber: tickets.ticketNumber,
      category: tickets.category,
      subject: tickets.subject,
      message: tickets.message,
      status: tickets.status,
      adminResponse: tickets.adminResponse,
      orderNumber: orders.orderNumber,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.userId, userId))
    .orderBy(desc(tickets.createdAt), desc(tickets.ticketNumber))
    .limit(Math.min(Math.max(limit, 1), 200));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
