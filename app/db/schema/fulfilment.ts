import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
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
import { refills } from "./refills.ts";

/**
 * An upstream panel that delivers orders (docs/decisions/008-fulfilment.md). The API key is stored encrypted
 * (AES-256-GCM, key derived from AUTH_SECRET) and only its last characters are ever shown back.
 */
export const providers = pgTable(
  "providers",
  {
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
    // Alert the operator when its balance falls below this, in its own currency; null: no alert (rules 14.24).
    balanceAlertBelow: numeric("balance_alert_below", { precision: 14, scale: 4 }),
    // The currency its rates and balance are in (ISO 4217), read from its balance answer; converted to dollars
    // by exchange_rates before any pricing (docs/decisions/037).
    currency: text("currency").notNull().default("USD"),
    // Its services' price: the upstream cost plus this percent, and at least this much (dollars) per 1000 units
    // (per package for a Package) above it; a mapping may override both.
    markupPercent: numeric("markup_percent", { precision: 7, scale: 2 }).notNull().default("50"),
    markupMinPer1000: numeric("markup_min_per_1000", { precision: 12, scale: 4 }).notNull().default("0"),
    // When an upstream rate rises past a service's price: `follow` reprices it by the markup, `pause` disables it.
    onRateRise: text("on_rate_rise").$type<"follow" | "pause">().notNull().default("follow"),
    // The last round that read its service list (providers:sync and the schedule), and why it failed if it did.
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    syncError: text("sync_error"),
    ...timestamps,
  },
  (table) => [
    check("providers_on_rate_rise", sql`${table.onRateRise} in ('follow', 'pause')`),
    check("providers_currency_code", sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check(
      "providers_markup_not_negative",
      sql`${table.markupPercent} >= 0 and ${table.markupMinPer1000} >= 0`,
    ),
  ],
);

/**
 * What one unit of a currency is worth in dollars, as the operator set it (or a configured source refreshed it):
 * every provider rate in another currency is converted with it before pricing (docs/decisions/037).
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    currency: text("currency").primaryKey(),
    usdPerUnit: numeric("usd_per_unit", { precision: 18, scale: 8 }).notNull(),
    source: text("source").notNull().default("operator"),
    updatedAt: timestamps.updatedAt,
  },
  (table) => [
    check("exchange_rates_currency_code", sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check("exchange_rates_positive", sql`${table.usdPerUnit} > 0`),
  ],
);

/**
 * A provider's whole service list as its last sync read it (thousands of rows): what the admin browses, searches
 * and imports from, and what the sync compares the mapped services with. `missing_since` marks a service the
 * provider no longer lists.
 */
export const providerCatalog = pgTable(
  "provider_catalog",
  {
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "cascade" }),
    upstreamId: text("upstream_id").notNull(),
    name: text("name").notNull(),
    category: text("category").notNull().default(""),
    // The API v2 type as the provider names it: Default, Package, Custom Comments, Subscriptions, ...
    type: text("type").notNull().default("Default"),
    // In the provider's currency: per 1000 units, or per package for a Package.
    rate: numeric("rate", { precision: 18, scale: 6 }).notNull(),
    minQuantity: integer("min_quantity").notNull(),
    maxQuantity: integer("max_quantity").notNull(),
    dripfeed: boolean("dripfeed").notNull().default(false),
    refill: boolean("refill").notNull().default(false),
    cancel: boolean("cancel").notNull().default(false),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
    missingSince: timestamp("missing_since", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.providerId, table.upstreamId] }),
    index("provider_catalog_category_idx").on(table.providerId, table.category),
    index("provider_catalog_name_trgm_idx").using("gin", table.name.op("gin_trgm_ops")),
    // The provider page's browser: a provider's listed services by category then name, read in index order, so
    // a page (the deepest of 5,000 too) never sorts the whole list (docs/decisions/040).
    index("provider_catalog_browse_idx")
      .on(table.providerId, table.category, table.name, table.upstreamId)
      .where(sql`${table.missingSince} is null`),
  ],
);

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
    // The provider's rate as last read, in its currency (per 1000, or per package), and what it costs the shop in
    // dollars: the floor no order of the service is charged below (docs/decisions/037). Null: not known yet.
    upstreamRate: numeric("upstream_rate", { precision: 18, scale: 6 }),
    costPer1000: numeric("cost_per_1000", { precision: 12, scale: 4 }),
    // This service's own markup, instead of its provider's.
    markupPercent: numeric("markup_percent", { precision: 7, scale: 2 }),
    markupMinPer1000: numeric("markup_min_per_1000", { precision: 12, scale: 4 }),
    syncedAt: timestamp("synced_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    index("provider_services_provider_idx").on(table.providerId),
    // A submission names its provider and the provider's service: the mapping (and its cost) it was sent through.
    index("provider_services_upstream_idx").on(table.providerId, table.providerServiceId),
  ],
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
    // What the provider charges the shop for it, in dollar cents: from its own answer where it gives one, else
    // from the mapped rate when it was sent (docs/decisions/037). Null: not sent, or no rate known.
    costCents: bigint("cost_cents", { mode: "number" }).$type<Cents>(),
    // True once cost_cents is the provider's own `charge` from a status answer, which already leaves out what it
    // did not deliver; false while it is the estimate from the rate when the part was sent, which the figures
    // reduce by the undelivered share of a part that ended partial, cancelled or failed (docs/decisions/041).
    costFromProvider: boolean("cost_from_provider").notNull().default(false),
    autoOrderId: uuid("auto_order_id").references(() => autoOrders.id, { onDelete: "cascade" }),
    // The post of an auto order (1, 2, ...); 0 for the whole auto order sent as one subscription.
    postNumber: integer("post_number"),
    // A post's order id in the reseller API, from the order numbers' sequence and the same for every try of the
    // post: a subscription's `status` lists them as its `orders` (docs/decisions/049). Null for anything else.
    postOrderId: bigint("post_order_id", { mode: "number" }),
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
    // A part whose submission gave up (refused MAX_SUBMIT_ATTEMPTS times) is held until then, for the operator
    // to resend it; after it the round fails and refunds it (docs/decisions/043). Null: no automatic ending.
    refundDueAt: timestamp("refund_due_at", { withTimezone: true }),
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
    // Held parts whose refund deadline the round's sweep looks for; few, whatever the table's size.
    index("fulfilments_refund_due_idx")
      .on(table.refundDueAt)
      .where(sql`${table.state} = 'needs_attention' and ${table.refundDueAt} is not null`),
    // Parts that ended failed or cancelled: the resendable ones are those whose order is still open (rules 14.14).
    index("fulfilments_unfulfilled_idx")
      .on(table.updatedAt)
      .where(sql`${table.state} = 'done' and ${table.outcome} in ('failed', 'cancelled')`),
    index("fulfilments_cancel_due_idx").on(table.cancelState).where(sql`${table.cancelState} = 'due'`),
    // What is due for a status check: only submissions a provider has (most rows end `done` and leave it).
    index("fulfilments_poll_idx").on(table.nextAttemptAt).where(sql`${table.state} = 'submitted'`),
    // What a worker may send next, oldest due first: read in index order, so a claim never sorts the backlog.
    index("fulfilments_sendable_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.state} in ('queued', 'submitting')`),
    index("fulfilments_auto_order_idx").on(table.autoOrderId, table.postNumber),
    index("fulfilments_post_order_idx").on(table.postOrderId).where(sql`${table.postOrderId} is not null`),
    // One post of an auto order in flight at a time, whichever worker creates it.
    uniqueIndex("fulfilments_one_open_per_auto_order")
      .on(table.autoOrderId)
      .where(sql`${table.state} in ('queued', 'submitting', 'submitted')`),
    index("fulfilments_provider_idx").on(table.providerId, table.state),
    // The money figures' provider spend: the parts sent in a period, by day (docs/decisions/041).
    index("fulfilments_submitted_idx").on(table.submittedAt).where(sql`${table.submittedAt} is not null`),
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

/**
 * One part of a refill forwarded to the provider that delivered that part (docs/decisions/022): the standard
 * `refill` action with the part's upstream order id, then `refill_status` until it is final. `queued` -> `sending`
 * (claimed under a lease) -> `submitted` (the provider's refill id kept) -> `done` with its outcome.
 */
export const refillSubmissions = pgTable(
  "refill_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    refillId: integer("refill_id")
      .notNull()
      .references(() => refills.id, { onDelete: "cascade" }),
    fulfilmentId: uuid("fulfilment_id")
      .notNull()
      .references(() => fulfilments.id, { onDelete: "cascade" }),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => providers.id, { onDelete: "restrict" }),
    providerOrderId: text("provider_order_id").notNull(),
    providerRefillId: text("provider_refill_id"),
    state: text("state").notNull().default("queued"),
    upstreamStatus: text("upstream_status"),
    // How the part's refill ended: `completed`, or `rejected` (refused by the provider, or never answered).
    outcome: text("outcome"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [
    check("refill_submissions_state", sql`${table.state} in ('queued', 'sending', 'submitted', 'done')`),
    check(
      "refill_submissions_outcome",
      sql`(${table.state} = 'done') = (${table.outcome} is not null)
        and (${table.outcome} is null or ${table.outcome} in ('completed', 'rejected'))`,
    ),
    uniqueIndex("refill_submissions_one_per_part").on(table.refillId, table.fulfilmentId),
    // What a worker sends or asks about next; done rows leave the index.
    index("refill_submissions_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.state} in ('queued', 'sending', 'submitted')`),
  ],
);

/** Refills the simulated provider accepted, each planned to complete after a minute or a few. */
export const simulatedProviderRefills = pgTable(
  "simulated_provider_refills",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => simulatedProviderOrders.id, { onDelete: "cascade" }),
    durationSeconds: integer("duration_seconds").notNull(),
    createdAt: timestamps.createdAt,
  },
  (table) => [index("simulated_provider_refills_order_idx").on(table.orderId, table.createdAt.desc())],
);
