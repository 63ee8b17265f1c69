import { sql } from "drizzle-orm";
import { bigserial, check, index, pgSequence, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts.ts";
import { contactSubjectEnum, ticketCategoryEnum, ticketStatusEnum } from "./enums.ts";
import { orders } from "./orders.ts";

export const ticketNumberSequence = pgSequence("ticket_number_seq", { startWith: 100001 });

/** A customer's support ticket, optionally about one of their orders; what was said is its thread (ticket_messages). */
export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketNumber: text("ticket_number")
      .notNull()
      .unique()
      .default(sql`'TKT-' || nextval('ticket_number_seq')`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: ticketCategoryEnum("category").notNull(),
    subject: text("subject").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    status: ticketStatusEnum("status").notNull().default("open"),
    ...timestamps,
  },
  (table) => [
    check(
      "tickets_order_category_has_order",
      sql`${table.category} <> 'order' or ${table.orderId} is not null`,
    ),
    index("tickets_user_created_idx").on(table.userId, table.createdAt.desc()),
    index("tickets_status_created_idx").on(table.status, table.createdAt.desc()),
    index("tickets_created_idx").on(table.createdAt.desc()),
    // The admin tickets list's "subject contains" search (docs/decisions/030).
    index("tickets_subject_trgm_idx").using("gin", table.subject.op("gin_trgm_ops")),
  ],
);

/**
 * One entry of a ticket's thread (product rules 7.8), in the order of its serial id: a message from the customer or
 * an admin, and the status the ticket took with it when the entry changed it (a status change alone has no body).
 */
export const ticketMessages = pgTable(
  "ticket_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    // Null once the admin who wrote it is deleted; the customer's own entries go with their ticket.
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorRole: text("author_role", { enum: ["customer", "admin"] }).notNull(),
    body: text("body"),
    status: ticketStatusEnum("status"),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    check("ticket_messages_author_role_known", sql`${table.authorRole} in ('customer', 'admin')`),
    check("ticket_messages_says_something", sql`${table.body} is not null or ${table.status} is not null`),
    index("ticket_messages_ticket_idx").on(table.ticketId, table.id),
  ],
);

/** A message sent through the public contact form. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: contactSubjectEnum("subject").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt.desc())],
);

/** An address that subscribed to the blog newsletter (stored lower-cased, once). */
export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  createdAt: timestamps.createdAt,
});
