import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts.ts";

/** Fixed-window request counters shared by every app server (sign-in, sign-up, deposits, ...). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (table) => [index("rate_limits_window_idx").on(table.windowStartedAt)],
);

/** Mail kept locally when no SMTP server is configured (read at /dev/mailbox in development). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index("mail_outbox_to_created_idx").on(table.to, table.createdAt.desc())],
);

/** First-party analytics events (the spec's event names), never sent from /admin paths. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull().default({}),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    visitorId: text("visitor_id"),
    path: text("path"),
    createdAt: timestamps.createdAt,
  },
  (table) => [index("analytics_events_name_created_idx").on(table.name, table.createdAt.desc())],
);

/** Who did what in the admin area: every admin change to money or status leaves a row here. */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    adminId: uuid("admin_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index("admin_audit_log_subject_idx").on(table.subjectType, table.subjectId),
    index("admin_audit_log_created_idx").on(table.createdAt.desc()),
  ],
);
