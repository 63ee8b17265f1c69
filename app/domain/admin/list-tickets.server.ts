import { and, eq, ilike, or, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, tickets, users } from "../../db/schema.ts";
import { containsPattern } from "../lists/list-paging.ts";
import { TICKET_STATUSES, type TicketCategory, type TicketStatus } from "../tickets/messages.ts";
import { readTicketThreads, type ThreadEntry } from "../tickets/read-threads.server.ts";
import {
  countByStatus,
  countCapped,
  cursorSql,
  customerEmailMatches,
  type ListPaging,
  type ListPosition,
  readNewestFirstPage,
  searchText,
} from "./list-query.server.ts";

/** Rows per page of the admin tickets list. */
export const ADMIN_TICKETS_PAGE_SIZE = 25;

export type AdminTicketRow = {
  id: string;
  ticketNumber: string;
  createdAt: Date;
  userId: string;
  customerEmail: string | null;
  orderNumber: string | null;
  category: TicketCategory;
  subject: string;
  status: TicketStatus;
  /** The ticket's thread, oldest first, with the admins' addresses. */
  thread: ThreadEntry[];
};

export type AdminTicketsQuery = { status?: TicketStatus; q?: string } & ListPosition;

export type AdminTicketsPage = {
  tickets: AdminTicketRow[];
  counts: Record<TicketStatus | "all", number>;
} & ListPaging;

/**
 * The ticket number ("TKT-100001", "tkt100001" or "100001"), a customer's e-mail, or words of the subject, each on
 * its own index (tickets_ticket_number_unique, the customers' ids on tickets_user_created_idx,
 * tickets_subject_trgm_idx; docs/decisions/030).
 */
async function searchCondition(db: Executor, q: string): Promise<SQL> {
  const number = /^(?:tkt-?)?(\d{1,12})$/i.exec(q)?.[1];
  return or(
    number ? eq(tickets.ticketNumber, `TKT-${number}`) : undefined,
    await customerEmailMatches(db, tickets.userId, q),
    ilike(tickets.subject, containsPattern(q)),
  ) as SQL;
}

/** One page of the admin tickets list (newest first), filtered by status and searched. */
export async function readAdminTicketsPage(
  db: Executor,
  query: AdminTicketsQuery = {},
): Promise<AdminTicketsPage> {
  const q = searchText(query.q);
  const counts = await countByStatus(db, tickets.status, TICKET_STATUSES);
  const search = q ? await searchCondition(db, q) : undefined;
  const where = and(query.status ? eq(tickets.status, query.status) : undefined, search);
  const total = search ? await countCapped(db, tickets, where) : counts[query.status ?? "all"];
  const { rows, paging } = await readNewestFirstPage(
    db,
    {
      createdAt: tickets.createdAt,
      id: tickets.id,
      where,
      total,
      pageSize: ADMIN_TICKETS_PAGE_SIZE,
      rows: (pageWhere, orderBy, limit) =>
        db
          .select({
            id: tickets.id,
            ticketNumber: tickets.ticketNumber,
            createdAt: tickets.createdAt,
            userId: tickets.userId,
            customerEmail: users.email,
            orderNumber: orders.orderNumber,
            category: tickets.category,
            subject: tickets.subject,
            status: tickets.status,
            cursor: cursorSql(tickets.createdAt, tickets.id),
          })
          .from(tickets)
          .leftJoin(users, eq(users.id, tickets.userId))
          .leftJoin(orders, eq(orders.id, tickets.orderId))
          .where(pageWhere)
          .orderBy(...orderBy)
          .limit(limit),
    },
    query,
  );
  const threads = await readTicketThreads(
    db,
    rows.map((row) => row.id),
    { withAuthors: true },
  );
  return {
    tickets: rows.map((row) => ({ ...row, thread: threads.get(row.id) ?? [] })),
    counts,
    ...paging,
  };
}
