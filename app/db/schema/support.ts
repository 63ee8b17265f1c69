import { sql } from "drizzle-orm";
import { check, index, pgSequence, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts.ts";
import { contactSubjectEnum, ticketCategoryEnum, ticketStatusEnum } from "./enums.ts";
import { orders } from "./orders.ts";

export const ticketNumberSequence = pgSequence("ticket_number_seq", { startWith: 100001 });

/** A customer's support ticket, optionally about one of their orders. */
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
    message: text("message").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    status: ticketStatusEnum("status").notNull().default("open"),
    adminResponse: text("admin_response"),
    respondedByAdminId: uuid("responded_by_admin_id").references(() => users.id, { onDelete: "set null" }),
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
