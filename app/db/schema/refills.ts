import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts.ts";
import { orderDeliveryEnum } from "./enums.ts";
import { orders } from "./orders.ts";

/** A refill's life: the API's words are "Pending", "In progress", "Completed" and "Rejected". */
export const refillStatusEnum = pgEnum("refill_status", ["pending", "in_progress", "completed", "rejected"]);

/**
 * A customer's request to top up a delivered order that dropped (product rules 4.7, docs/decisions/022). The
 * id is a serial: the reseller API's refill ids are integers. A provider order's refill is forwarded part by
 * part (`refill_submissions`); a manual order's is done by a person and ended by an admin.
 */
export const refills = pgTable(
  "refills",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    // Who delivers it, decided when it is asked: the providers of the order's parts, or a person.
    delivery: orderDeliveryEnum("delivery").notNull(),
    status: refillStatusEnum("status").notNull().default("pending"),
    // Why it was rejected (the provider's refusal, or the admin's note).
    error: text("error"),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    decidedByAdminId: uuid("decided_by_admin_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    // At most one open refill per order, whoever asks and however many requests race.
    uniqueIndex("refills_one_open_per_order")
      .on(table.orderId)
      .where(sql`${table.status} in ('pending', 'in_progress')`),
    index("refills_order_idx").on(table.orderId, table.createdAt.desc()),
    index("refills_user_idx").on(table.userId, table.createdAt.desc()),
    // The admins' "Needs manual work" list: open refills a person does.
    index("refills_manual_open_idx")
      .on(table.createdAt)
      .where(sql`${table.delivery} = 'manual' and ${table.status} in ('pending', 'in_progress')`),
  ],
);
