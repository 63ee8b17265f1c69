import { boolean, pgTable, uuid } from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts.ts";

/**
 * Which notification mails a customer wants (product rules 6.6). No row means every kind is on: a customer who never
 * opened the card gets them all. Account mails (confirmation, reset) are not optional and have no column here.
 */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  depositReceipts: boolean("deposit_receipts").notNull().default(true),
  orderUpdates: boolean("order_updates").notNull().default(true),
  refillUpdates: boolean("refill_updates").notNull().default(true),
  ticketReplies: boolean("ticket_replies").notNull().default(true),
  updatedAt: timestamps.updatedAt,
});
