import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, tickets, users } from "../../db/schema.ts";
import { type AdminTicketHeading, ticketHeadingColumns } from "./list-tickets-for-admin.server.ts";
import { readTicketThreads, type ThreadEntry } from "./read-threads.server.ts";

/** A ticket's own admin page: its heading and its whole thread, oldest first, with the admins' addresses. */
export type AdminTicket = AdminTicketHeading & { thread: ThreadEntry[] };

/** One ticket with its thread for the admin's ticket page, or null when there is no such ticket. */
export async function readAdminTicket(db: Executor, ticketId: string): Promise<AdminTicket | null> {
  const [row] = await db
    .select(ticketHeadingColumns)
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .where(eq(tickets.id, ticketId))
    .limit(1);
  if (!row) return null;
  const threads = await readTicketThreads(db, [row.id], { withAuthors: true });
  return { ...row, thread: threads.get(row.id) ?? [] };
}
