import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Cents } from "../cents.ts";
import { timestamps } from "./accounts.ts";
import { services } from "./catalog.ts";
import { orderStatusEnum } from "./enums.ts";
import { autoOrders, orders } from "./orders.ts";

/**
 * An upstream panel that delivers orders (docs/decisions/008-fulfilment.md). The API key is stored encrypted
 * (AES-256-GCM, key derived from AUTH_SECRET) and only its last characters are ever shown back.
 */
export const providers = pgTable("providers", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  apiUrl: text("api_url").notNull(),
  apiKeyEncrypted: text("api_key_encrypted").notNull(),
  apiKeyHint: text("api_key_hint").notNull(),
  // The built-in simulated provider answers in-process instead of over HTTP (development).
  isSimulated: boolean("is_simulated").notNull().default(false),
  // Boostly-compatible panels accept `idempotency_key` on `add`, so a submission can be safely re-sent.
  supportsIdempotency: boolean("supports_idempotency").notNull().default(false),
  balance: text("balance"),
  balanceCurrency: text("balance_currency"),
  balanceCheckedAt: timestamp("balance_checked_at", { withTimezone: true }),
  ...timestamps,
});

/** Which provider, and which of its services, delivers one of our services; absent: fulfilled by hand. */
export const providerServices = pgTable(
  "provider_services",
  {
    serviceId: uuid("service_id")
      .primaryKey()
      .references(() => services.id, { onDelete: "cascade" }),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "restrict" }),
    providerServiceId: text("provider_service_id").notNull(),
    // "Subscriptions" services take an auto order as one upstream subscription; others get it post by post.
    providerServiceType: text("provider_service_type").notNull().default("Default"),
    // The provider's own limits for that service, when known: an order outside them goes to the manual queue.
    minQuantity: integer("min_quantity"),
    maxQuantity: integer("max_quantity"),
    createdAt: timestamps.createdAt,
  },
  (table) => [index("provider_services_provider_idx").on(table.providerId)],
);

export const fulfilmentStateEnum = pgEnum("fulfilment_state", [
  "queued",
  "submitting",
  "submitted",
  "done",
  "needs_attention",
]);

/**
 * One upstream submission: an order, or one post (or the subscription) of an auto order. The idempotency key
 * is written before `add` is called, and the row stays `submitting` until the provider's order id is recorded.
 */
export const fulfilments = pgTable(
  "fulfilments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    // Which part of the order this is: "order" for a one-service order, a likes pack's line label otherwise.
    part: text("part").notNull().default("order"),
    // The share of the order's charge this part carries: its undelivered share is what a refund pays back.
    chargeCents: bigint("charge_cents", { mode: "number" }).$type<Cents>(),
    autoOrderId: uuid("auto_order_id").references(() => autoOrders.id, { onDelete: "cascade" }),
    // The post of an auto order (1, 2, ...); 0 for the whole auto order sent as one subscription.
    postNumber: integer("post_number"),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "restrict" }),
    providerServiceId: text("provider_service_id").notNull(),
    link: text("link").notNull(),
    quantity: integer("quantity").notNull(),
    // A custom comments order's comments, one per line, sent with `add` (docs/decisions/021).
    comments: text("comments"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    providerOrderId: text("provider_order_id"),
    state: fulfilmentStateEnum("state").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    upstreamStatus: text("upstream_status"),
    upstreamRemains: integer("upstream_remains"),
    // The provider's start count (the target's count when delivery began), when its status answer gives one.
    upstreamStartCount: integer("upstream_start_count"),
    // How the part ended (completed, partial, cancelled, failed) once it is done; the order ends from its parts.
    outcome: orderStatusEnum("outcome"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    // A cancel of the order reached this part after it was sent: `due` (to send), `sent` (the provider took
    // it; its status says what was cancelled) or `refused` (the provider said no; the order goes on).
    cancelState: text("cancel_state"),
    ...timestamps,
  },
  (table) => [
    check(
      "fulfilments_one_subject",
      sql`(${table.orderId} is null) <> (${table.autoOrderId} is null)
        and (${table.autoOrderId} is null) = (${table.postNumber} is null)`,
    ),
    check("fulfilments_quantity_positive", sql`${table.quantity} > 0`),
    check("fulfilments_cancel_state", sql`${table.cancelState} in ('due', 'sent', 'refused')`),
    uniqueIndex("fulfilments_one_per_order_part").on(table.orderId, table.part),
    // Submissions held for an admin ("Needs manual work"), oldest first; few, whatever the table's size.
    index("fulfilments_held_idx").on(table.updatedAt).where(sql`${table.state} = 'needs_attention'`),
    index("fulfilments_cancel_due_idx").on(table.cancelState).where(sql`${table.cancelState} = 'due'`),
    // What is due for a status check: only submissions a provider has (most rows end `done` and leave it).
    index("fulfilments_poll_idx").on(table.nextAttemptAt).where(sql`${table.state} = 'submitted'`),
    // What a worker may send next, oldest due first: read in index order, so a claim never sorts the backlog.
    index("fulfilments_sendable_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.state} in ('queued', 'submitting')`),
    index("fulfilments_auto_order_idx").on(table.autoOrderId, table.postNumber),
    // One post of an auto order in flight at a time, whichever worker creates it.
    uniqueIndex("fulfilments_one_open_per_auto_order")
      .on(table.autoOrderId)
      .where(sql`${table.state} in ('queued', 'submitting', 'submitted')`),
    index("fulfilments_provider_idx").on(table.providerId, table.state),
  ],
);

/** Orders accepted by the built-in simulated provider; kept in PostgreSQL so they survive restarts. */
export const simulatedProviderOrders = pgTable(
  "simulated_provider_orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    service: text("service").notNull(),
    link: text("link").notNull(),
    quantity: integer("quantity").notNull(),
    idempotencyKey: text("idempotency_key").unique(),
    chargeCents: bigint("charge_cents", { mode: "number" }).$type<Cents>().notNull(),
    startCount: integer("start_count").notNull(),
    // The order's planned life: how long it takes and how it ends (a share undelivered, or cancelled).
    durationSeconds: integer("duration_seconds").notNull(),
    outcome: text("outcome").notNull(),
    undelivered: integer("undelivered").notNull().default(0),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    check("simulated_provider_orders_outcome", sql`${table.outcome} in ('completed', 'partial', 'canceled')`),
  ],
);
