import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sessions, users } from "./accounts.ts";

/**
 * A suspended account (product rules 15.20): while its row exists the account cannot sign in and its API keys are
 * refused; unsuspending deletes the row (the audit log keeps the history). Its own table, so neither better-auth's
 * writes to `users` nor the ledger's touch it.
 */
export const accountSuspensions = pgTable("account_suspensions", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  suspendedBy: uuid("suspended_by").references(() => users.id, { onDelete: "set null" }),
  suspendedAt: timestamp("suspended_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When and from where the account last signed in (product rules 15.25): written as better-auth writes each new
 * session, kept after the session ends (a sign-out or a suspension deletes sessions).
 */
export const accountLastSignIns = pgTable("account_last_sign_ins", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  signedInAt: timestamp("signed_in_at", { withTimezone: true }).notNull().defaultNow(),
  ipAddress: text("ip_address"),
});

/** The admins' notes on an account (product rules 15.26): one text, each save audited. */
export const accountAdminNotes = pgTable("account_admin_notes", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  notes: text("notes").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A customer's discount (product rules 15.27): tenths of a percent off every order's charge, 1 to 900 (0.1% to
 * 90.0%); no row is no discount. Read by the order statement, which charges only while it still holds
 * (docs/decisions/053).
 */
export const accountDiscounts = pgTable(
  "account_discounts",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    discountTenths: integer("discount_tenths").notNull(),
    setBy: uuid("set_by").references(() => users.id, { onDelete: "set null" }),
    setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("account_discounts_tenths_range", sql`${table.discountTenths} between 1 and 900`)],
);

/**
 * When a staff session last confirmed a sensitive action with a code (product rules 15.35): a balance move, a
 * provider's key or a role change within FRESH_CODE_MINUTES of it (or of the sign-in) asks for no new code. Ends
 * with its session.
 */
export const secondFactorConfirmations = pgTable("second_factor_confirmations", {
  sessionId: uuid("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A staff member viewing the shop as a customer (product rules 15.31-15.34): one row per staff session, so the
 * view ends with that session (signed out, deleted, expired) and never outlives `expires_at`. Only GET pages of
 * the storefront read it; nothing the customer can do is done through it (docs/decisions/054-view-as-customer.md).
 */
export const staffViews = pgTable("staff_views", {
  sessionId: uuid("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  staffUserId: uuid("staff_user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  customerId: uuid("customer_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
