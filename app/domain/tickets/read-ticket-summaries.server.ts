import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";

/** How much of a ticket's last message a list shows (product rules 17.20). */
export const TICKET_EXCERPT_CHARS = 200;

/** What a list shows of a ticket's thread: how many messages it holds and the start of the last one. */
export type TicketSummary = {
  /** Messages in the thread (a status change alone is not a message). */
  messageCount: number;
  lastMessage: {
    authorRole: "customer" | "admin";
    /** The first TICKET_EXCERPT_CHARS characters of the message. */
    excerpt: string;
    /** True when the message goes on past the excerpt. */
    cut: boolean;
    createdAt: string;
  } | null;
};

/**
 * The summaries of the given tickets, read in one statement on ticket_messages_ticket_idx: the count of each
 * thread's messages and the excerpt of its last, never a whole thread (product rules 17.20).
 */
export async function readTicketSummaries(
  db: Executor,
  ticketIds: readonly string[],
): Promise<Map<string, TicketSummary>> {
  const summaries = new Map<string, TicketSummary>(
    ticketIds.map((id) => [id, { messageCount: 0, lastMessage: null }]),
  );
  if (ticketIds.length === 0) return summaries;
  const { rows } = await db.execute<{
    ticket_id: string;
    message_count: number;
    author_role: "customer" | "admin" | null;
    excerpt: string | null;
    cut: boolean | null;
    created_at: Date | string | null;
  }>(sql`
    select t.id as ticket_id, counted.message_count, last.author_role, last.excerpt, last.cut, last.created_at
    from unnest(array[${sql.join(
      ticketIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]) as t(id)
    cross join lateral (
      select count(*)::int as message_count from ticket_messages m
      where m.ticket_id = t.id and m.body is not null
    ) counted
    left join lateral (
      select m.author_role, left(m.body, ${TICKET_EXCERPT_CHARS}) as excerpt,
        length(m.body) > ${TICKET_EXCERPT_CHARS} as cut, m.created_at
      from ticket_messages m
      where m.ticket_id = t.id and m.body is not null
      order by m.id desc limit 1
    ) last on true`);
  for (const row of rows) {
    summaries.set(row.ticket_id, {
      messageCount: Number(row.message_count),
      lastMessage:
        row.author_role && row.excerpt !== null && row.created_at
          ? {
              authorRole: row.author_role,
              excerpt: row.excerpt,
              cut: row.cut === true,
              createdAt: new Date(row.created_at).toISOString(),
            }
          : null,
    });
  }
  return summaries;
}
