import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts.ts";

/**
 * A customer's key for the reseller API (/api/v2). Only a SHA-256 digest of the key is stored: keys are long
 * random strings, so a fast digest is enough and lets one indexed lookup authenticate a request. The request
 * counter of the fixed rate-limit window lives on the row so authenticating and counting are one statement.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // The first characters of the key, shown in the profile so a customer can tell keys apart.
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
    windowHits: integer("window_hits").notNull().default(0),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    check("api_keys_window_hits_not_negative", sql`${table.windowHits} >= 0`),
    index("api_keys_user_created_idx").on(table.userId, table.createdAt.desc()),
  ],
);
