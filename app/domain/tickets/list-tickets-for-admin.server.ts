import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { orders, tickets, users } from "../../db/schema.ts";
import type { ListPaging } from "../lists/keyset-page.server.ts";
import {
  type ListDeclaration,
  type ListQuery,
  readList,
  type StatusCounts,
} from "../lists/read-list.server.ts";
import { contains, customerEmail, numberIs } from "../lists/search-rules.server.ts";
import { TICKET_STATUSES, type TicketCategory, type TicketStatus } from "./messages.ts";
import { readTicketSummaries, type TicketSummary } from "./read-ticket-summaries.server.ts";

/** Rows per page of the admin tickets list. */
export const ADMIN_TICKETS_PAGE_SIZE = 25;

/** What every admin view of a ticket shows about it: its number, customer, order, subject and status. */
export type AdminTicketHeading = {
  id: string;
  ticketNumber: string;
  createdAt: Date;
  userId: string;
  customerEmail: string | null;
  orderNumber: string | null;
  category: TicketCategory;
  subject: string;
  status: TicketStatus;
};

/** A row of the admin tickets list: the heading and the thread's summary, never the thread (product rules 17.20). */
export type AdminTicketRow = AdminTicketHeading & TicketSummary;

export type AdminTicketsQuery = ListQuery<TicketStatus>;

export type AdminTicketsPage = {
  tickets: AdminTicketRow[];
  counts: StatusCounts<TicketStatus>;
  /** A search found more than the cap: each count is a lower bound (product rules 14.31). */
  countsAtLeast: boolean;
} & ListPaging;

/**
 * The admin tickets list: newest first, filtered by status and searched by the ticket number ("TKT-100001",
 * "tkt100001" or "100001"), a customer's e-mail, or words of the subject, each on its own index
 * (tickets_ticket_number_unique, the customers' ids on tickets_user_created_idx, tickets_subject_trgm_idx;
 * docs/decisions/030).
 */
export const ticketsList: ListDeclaration<AdminTicketHeading, TicketStatus> = {
  createdAt: tickets.createdAt,
  id: tickets.id,
  pageSize: ADMIN_TICKETS_PAGE_SIZE,
  status: { column: tickets.status, values: TICKET_STATUSES },
  search: [numberIs(tickets.ticketNumber, "TKT"), customerEmail(tickets.userId), contains(tickets.subject)],
  rows: (db, cursor) =>
    db
      .select({ ...ticketHeadingColumns, cursor })
      .from(tickets)
      .leftJoin(users, eq(users.id, tickets.userId))
      .leftJoin(orders, eq(orders.id, tickets.orderId))
      .$dynamic(),
};

/** The columns of a ticket's heading, from tickets joined with its customer and its order. */
export const ticketHeadingColumns = {
  id: tickets.id,
  ticketNumber: tickets.ticketNumber,
  createdAt: tickets.createdAt,
  userId: tickets.userId,
  customerEmail: users.email,
  orderNumber: orders.orderNumber,
  category: tickets.category,
  subject: tickets.subject,
  status: tickets.status,
};

/**
 * One page of the admin tickets list (ticketsList), each ticket with its message count and the excerpt of its
 * last message; the thread is read on the ticket's own page (readAdminTicket).
 */
export async function readAdminTicketsPage(
  db: Executor,
  query: AdminTicketsQuery = {},
): Promise<AdminTicketsPage> {
  const { rows, ...page } = await readList(db, ticketsList, query);
  const summaries = await readTicketSummaries(
    db,
    rows.map((row) => row.id),
  );
  return {
    ...page,
    tickets: rows.map((row) => ({
      ...row,
      ...(summaries.get(row.id) ?? { messageCount: 0, lastMessage: null }),
    })),
  };
}
