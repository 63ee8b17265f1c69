import { asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { ticketMessages, users } from "../../db/schema.ts";
import type { TicketStatus } from "./messages.ts";

/** One entry of a ticket's thread: a message, a status change, or both (product rules 7.8). */
export type ThreadEntry = {
  id: number;
  authorRole: "customer" | "admin";
  /** The admin's address, for the admin pages only; a customer sees "Support". */
  authorEmail: string | null;
  body: string | null;
  /** The status the ticket took with this entry, when it changed. */
  status: TicketStatus | null;
  createdAt: string;
};

/** The threads of the given tickets, each oldest first; `withAuthors` adds admins' addresses (admin pages). */
export async function readTicketThreads(
  db: Executor,
  ticketIds: readonly string[],
  options: { withAuthors?: boolean } = {},
): Promise<Map<string, ThreadEntry[]>> {
  const threads = new Map<string, ThreadEntry[]>(ticketIds.map((id) => [id, []]));
  if (ticketIds.length === 0) return threads;
  const rows = await db
    .select({
      id: ticketMessages.id,
      ticketId: ticketMessages.ticketId,
      authorRole: ticketMessages.authorRole,
      authorEmail: users.email,
      body: ticketMessages.body,
      status: ticketMessages.status,
      createdAt: ticketMessages.createdAt,
    })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    .where(inArray(ticketMessages.ticketId, [...ticketIds]))
    .orderBy(asc(ticketMessages.ticketId), asc(ticketMessages.id));
  for (const { ticketId, createdAt, authorEmail, ...entry } of rows) {
    threads.get(ticketId)?.push({
      ...entry,
      authorEmail: options.withAuthors && entry.authorRole === "admin" ? authorEmail : null,
      createdAt: createdAt.toISOString(),
    });
  }
  return threads;
}
