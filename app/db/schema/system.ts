import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts.ts";

/**
 * Fixed-window request counters shared by every app server (sign-in, sign-up, deposits, ...). A row whose window has
 * ended counts nothing and is deleted by the retention round (product rules 17.11).
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
    // Null on rows counted by a release before 0049: those end at the longest window (RATE_LIMIT_LONGEST_WINDOW).
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true }),
  },
  (table) => [index("rate_limits_window_idx").on(table.windowStartedAt)],
);

/**
 * Every mail the shop sends, written in the request that causes it (docs/decisions/012). With SMTP configured a
 * row is `queued` until the mail worker delivers it (`sent`) or gives up after its attempts (`failed`); without
 * SMTP it stays `local`, read at /dev/mailbox in development.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    // Rows older than the outbox (all written without SMTP) stay local: they are never sent.
    state: text("state", { enum: ["local", "queued", "sent", "failed"] })
      .notNull()
      .default("local"),
    attempts: integer("attempts").notNull().default(0),
    // A claimed row's next attempt is pushed past its lease, so a crashed worker's mail is tried again later.
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index("mail_outbox_to_created_idx").on(table.to, table.createdAt.desc()),
    index("mail_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.state} = 'queued'`),
    // The retention's clean-up walks delivered and abandoned mail oldest first (pruneOutbox).
    index("mail_outbox_done_idx").on(table.createdAt).where(sql`${table.state} in ('sent', 'failed')`),
    check("mail_outbox_state_known", sql`${table.state} in ('local', 'queued', 'sent', 'failed')`),
  ],
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

/**
 * The analytics events' daily figures (product rules 17.13): written by the retention round for each UTC day before
 * its raw events are deleted, one row per day and event name; the dashboard's funnel reads them for those days.
 */
export const analyticsDays = pgTable(
  "analytics_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    events: integer("events").notNull(),
    /** Distinct visitor ids that day. */
    visitors: integer("visitors").notNull(),
    /** Distinct people that day: the signed-in user, else the visitor id. */
    people: integer("people").notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.name] })],
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

/**
 * The seed sets this database has had (the starting catalogue, packs, banner, sample posts), each written once, in
 * the transaction that records it: what the operator later changes or deletes is never written again
 * (docs/decisions/062-seed-once.md, product rules 17.1).
 */
export const seedSets = pgTable("seed_sets", {
  name: text("name").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});
