import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { type Cents, cents } from "../cents.ts";
import { roleEnum } from "./enums.ts";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** A customer or admin account (better-auth's "user" model) with its wallet balance. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    // Cached sum of this user's ledger rows, kept in step inside every money transaction.
    balanceCents: bigint("balance_cents", { mode: "number" }).$type<Cents>().notNull().default(cents(0)),
    // The last transaction that changed anything this customer's own pages show, set by triggers
    // (drizzle/0019_page_versions.sql): part of a kept page's key (docs/decisions/035-versioned-page-caches.md).
    pageVersion: bigint("page_version", { mode: "number" }).notNull().default(0),
    // Set by better-auth's two-factor plugin once a first code confirmed the authenticator (product rules 15.10).
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    check("users_balance_not_negative", sql`${table.balanceCents} >= 0`),
    index("users_created_at_idx").on(table.createdAt.desc()),
    // The admin lists' "e-mail contains" search (ILIKE '%q%'), a trigram index (docs/decisions/030).
    index("users_email_trgm_idx").using("gin", table.email.op("gin_trgm_ops")),
  ],
);

/** better-auth sessions, stored in PostgreSQL so every app server sees them. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    token: text("token").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...timestamps,
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

/**
 * better-auth's two-factor secrets (its "twoFactor" model): the TOTP secret and the backup codes, both encrypted
 * with the auth secret; `verified` turns true when a first code confirms the setup (product rules 15.10-15.12).
 */
export const twoFactors = pgTable("two_factors", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  backupCodes: text("backup_codes").notNull(),
  verified: boolean("verified").notNull().default(true),
  failedVerificationCount: integer("failed_verification_count").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/** better-auth credentials (the e-mail/password account holds the password hash). */
export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

/** better-auth one-time tokens (e-mail confirmation, password reset). */
export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** Staff roles beyond "customer": owner, admin or support, one per account (product rules 15.1). */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: roleEnum("role").notNull(),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.role] })],
);

export { timestamps };
