import { desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, tickets } from "../../db/schema.ts";
import type { TicketCategory, TicketStatus } from "./messages.ts";
import { readTicketThreads, type ThreadEntry } from "./read-threads.server.ts";

export type CustomerTicket = {
  id: string;
  ticketNumber: string;
  category: TicketCategory;
  subject: string;
  status: TicketStatus;
  /** What was said, oldest first: the customer's first message, then the replies and status changes. */
  thread: ThreadEntry[];
  orderNumber: string | null;
  createdAt: string;
};

/** The customer's own tickets, newest first, with the linked order's number and each ticket's thread. */
export async function listTickets(db: Executor, userId: string, limit = 50): Promise<CustomerTicket[]> {
  const rows = await db
    .select({
      id: tickets.id,
      ticketNumber: tickets.ticketNumber,
      category: tickets.category,
      subject: tickets.subject,
      status: tickets.status,
      orderNumber: orders.orderNumber,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.userId, userId))
    .orderBy(desc(tickets.createdAt), desc(tickets.ticketNumber))
    .limit(Math.min(Math.max(limit, 1), 200));
  const threads = await readTicketThreads(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    thread: threads.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
  }));
}
