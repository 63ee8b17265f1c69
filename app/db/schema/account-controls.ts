import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

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
