import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Cents } from "../cents.ts";
import { timestamps, users } from "./accounts.ts";
import { likesPacks, services } from "./catalog.ts";
import {
  autoOrderStatusEnum,
  deliverySpeedEnum,
  freeTrialEnum,
  orderDeliveryEnum,
  orderStatusEnum,
} from "./enums.ts";

export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 100001 });

/** One line of an order's breakdown, as the dashboard and admin show it. */
export type OrderLine = { service_type: string; quantity: number; total_cents: Cents };
export type OrderMetadata = {
  services?: OrderLine[];
  service_name?: string;
  platform?: string;
  created_by_admin?: boolean;
  manual_order?: boolean;
  admin_notes?: string;
  [key: string]: unknown;
};

/** A one-time order (a single service, or a likes pack with add-ons). */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull().unique().default(sql`'ORD-' || nextval('order_number_seq')`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "restrict" }),
    likesPackId: uuid("likes_pack_id").references(() => likesPacks.id, { onDelete: "restrict" }),
    quantity: integer("quantity").notNull(),
    targetLink: text("target_link").notNull(),
    totalCents: bigint("total_cents", { mode: "number" }).$type<Cents>().notNull(),
    deliverySpeed: deliverySpeedEnum("delivery_speed").notNull().default("normal"),
    status: orderStatusEnum("status").notNull().default("pending"),
    // A drip-feed order (docs/decisions/021): `quantity` is runs x the quantity of one run, delivered one run
    // every `interval_minutes`; both null for an order delivered in one go.
    runs: integer("runs"),
    intervalMinutes: integer("interval_minutes"),
    // True when the runs are the delivery speed's pace (product rules 4.20, docs/decisions/047), not a drip-feed
    // the customer set: its runs may differ by one unit, the earlier ones taking the remainder.
    paced: boolean("paced").notNull().default(false),
    // A custom comments order's comments, one per line (its quantity is their count); null otherwise.
    comments: text("comments"),
    // Units not delivered, reported with a partial status; drives the partial refund. An admin may correct it
    // on an order that has not ended (product rules 14.5).
    remains: integer("remains"),
    // The start count an admin corrected (product rules 14.5); it stands over the one a provider reported.
    startCount: integer("start_count"),
    // Decided when the order is stored: every part sent to a mapped provider, or delivered by a person.
    delivery: orderDeliveryEnum("delivery").notNull().default("manual"),
    // When a customer or an admin asked to cancel an order already sent upstream (the provider was asked once).
    cancelRequestedAt: timestamp("cancel_requested_at", { withTimezone: true }),
    // When the order reached a final status (completed, partial, cancelled, failed): the refill window counts
    // from here (product rules 4.7). Orders that ended before the column existed took their updated_at.
    endedAt: timestamp("ended_at", { withTimezone: true }),
    metadata: jsonb("metadata").$type<OrderMetadata>().notNull().default({}),
    idempotencyKey: text("idempotency_key"),
    createdByAdminId: uuid("created_by_admin_id").references(() => users.id, { onDelete: "set null" }),
    statusChangedByAdminId: uuid("status_changed_by_admin_id").references(() => users.id, {
      onDelete: "set null",
    }),
    ...timestamps,
  },
  (table) => [
    check("orders_quantity_positive", sql`${table.quantity} > 0`),
    check("orders_total_not_negative", sql`${table.totalCents} >= 0`),
    check("orders_start_count_not_negative", sql`${table.startCount} >= 0`),
    check(
      "orders_drip_feed",
      sql`(${table.runs} is null and ${table.intervalMinutes} is null and not ${table.paced}) or (${table.runs}
        between 2 and 100 and ${table.intervalMinutes} between 1 and 1440
        and (${table.paced} or ${table.quantity} % ${table.runs} = 0))`,
    ),
    uniqueIndex("orders_user_idempotency_key_idx").on(table.userId, table.idempotencyKey),
    // Ascending: read backwards it is exactly `order by created_at desc, id desc` (NULLS FIRST, as desc sorts), so
    // a customer's newest-first page stops after its rows instead of sorting the whole history (decisions/029).
    index("orders_user_created_idx").on(table.userId, table.createdAt, table.id),
    index("orders_status_created_idx").on(table.status, table.createdAt.desc()),
    index("orders_created_idx").on(table.createdAt.desc()),
    index("orders_service_idx").on(table.serviceId),
    // A service's median completion time over its recent orders completed in one go (product rules 4.23): one
    // index-only range scan per service.
    index("orders_completed_service_idx")
      .on(table.serviceId, table.endedAt, table.createdAt)
      .where(sql`${table.status} = 'completed' and ${table.runs} is null`),
    // A customer's orders that have not ended, by service and link: the order trigger's look-up for a second order
    // on a link with one active (product rules 4.27, docs/decisions/049).
    index("orders_active_link_idx")
      .on(table.userId, table.serviceId, table.targetLink)
      .where(sql`${table.status} in ('pending', 'processing', 'in_progress')`),
    // The admins' "Needs manual work" queue: orders a person delivers that have not ended yet.
    index("orders_manual_open_idx")
      .on(table.createdAt)
      .where(
        sql`${table.delivery} = 'manual' and ${table.status} in ('pending', 'processing', 'in_progress')`,
      ),
  ],
);

/**
 * An order's status history (docs/decisions/024-order-status-history.md): one row per change, written by
 * setOrderStatus in the change's own transaction. The order's placing is not a row: it is `pending` at the
 * order's `created_at`, so the hot order statement stores nothing more.
 */
export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: orderStatusEnum("status").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    // An admin's change, not the provider's or the customer's (who the admin was is in admin_audit_log).
    byAdmin: boolean("by_admin").notNull().default(false),
  },
  (table) => [index("order_status_changes_order_idx").on(table.orderId, table.changedAt, table.id)],
);

/** Recurring engagement on a customer's next posts, paid up front per post. */
export const autoOrders = pgTable(
  "auto_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The auto order's id in the reseller API, where it is a subscription: drawn from the order numbers'
    // sequence, so it never equals an order's id (docs/decisions/023-api-subscriptions.md).
    apiId: bigint("api_id", { mode: "number" }).notNull().unique().default(sql`nextval('order_number_seq')`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "restrict" }),
    targetUsername: text("target_username").notNull(),
    likesPerPost: integer("likes_per_post").notNull(),
    costPerPostCents: bigint("cost_per_post_cents", { mode: "number" }).$type<Cents>().notNull(),
    totalPosts: integer("total_posts").notNull(),
    remainingPosts: integer("remaining_posts").notNull(),
    // A subscription's terms over the API (docs/decisions/023): minutes a new post waits before delivery starts
    // (passed to the provider that watches the profile), and the day after which it ends with the posts left
    // refunded (null: until its posts are served).
    delayMinutes: integer("delay_minutes").notNull().default(0),
    expiresOn: date("expires_on", { mode: "string" }),
    deliverySpeed: deliverySpeedEnum("delivery_speed").notNull().default("normal"),
    status: autoOrderStatusEnum("status").notNull().default("active"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    idempotencyKey: text("idempotency_key"),
    createdByAdminId: uuid("created_by_admin_id").references(() => users.id, { onDelete: "set null" }),
    statusChangedByAdminId: uuid("status_changed_by_admin_id").references(() => users.id, {
      onDelete: "set null",
    }),
    ...timestamps,
  },
  (table) => [
    check("auto_orders_likes_per_post_not_negative", sql`${table.likesPerPost} >= 0`),
    check("auto_orders_cost_not_negative", sql`${table.costPerPostCents} >= 0`),
    check("auto_orders_total_posts_range", sql`${table.totalPosts} between 1 and 100`),
    check("auto_orders_delay_range", sql`${table.delayMinutes} between 0 and 600`),
    check("auto_orders_remaining_range", sql`${table.remainingPosts} between 0 and ${table.totalPosts}`),
    uniqueIndex("auto_orders_user_idempotency_key_idx").on(table.userId, table.idempotencyKey),
    index("auto_orders_user_created_idx").on(table.userId, table.createdAt.desc()),
    index("auto_orders_status_created_idx").on(table.status, table.createdAt.desc()),
    index("auto_orders_created_idx").on(table.createdAt.desc()),
    // The admin auto orders list's "username contains" search (docs/decisions/030).
    index("auto_orders_target_username_trgm_idx").using("gin", table.targetUsername.op("gin_trgm_ops")),
  ],
);

/** A claimed free trial: one per account per trial, tied to the zero-cost order it produced. */
export const freeTrialClaims = pgTable(
  "free_trial_claims",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    trial: freeTrialEnum("trial").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("free_trial_claims_user_trial_idx").on(table.userId, table.trial)],
);
