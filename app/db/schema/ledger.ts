import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Cents } from "../cents.ts";
import { timestamps, users } from "./accounts.ts";
import {
  depositStatusEnum,
  paymentProviderEnum,
  transactionStatusEnum,
  transactionTypeEnum,
} from "./enums.ts";
import { fulfilments } from "./fulfilment.ts";
import { manualDepositMethods } from "./manual-deposits.ts";
import { autoOrders, orders } from "./orders.ts";

/** A hosted-checkout deposit attempt; it becomes money only through a verified payment event. */
export const deposits = pgTable(
  "deposits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "number" }).$type<Cents>().notNull(),
    // The gateway's fee, asked on top of the amount (product rules 16.39): the gateway takes amount + fee, the
    // wallet is credited the amount.
    feeCents: bigint("fee_cents", { mode: "number" }).$type<Cents>().notNull().default(sql`0`),
    // The gateway's bonus promised when the deposit was opened (product rules 16.39): a bonus row with the credit.
    bonusCents: bigint("bonus_cents", { mode: "number" }).$type<Cents>().notNull().default(sql`0`),
    provider: paymentProviderEnum("provider").notNull(),
    // The provider's checkout session id.
    providerReference: text("provider_reference").unique(),
    status: depositStatusEnum("status").notNull().default("pending"),
    // Where the customer goes after paying (/wallet?next=...).
    returnPath: text("return_path"),
    // The manual method a customer's claim names (docs/decisions/059); null for every hosted gateway.
    manualMethodId: uuid("manual_method_id").references(() => manualDepositMethods.id, {
      onDelete: "restrict",
    }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check("deposits_amount_positive", sql`${table.amountCents} > 0`),
    check("deposits_fee_not_negative", sql`${table.feeCents} >= 0`),
    check("deposits_bonus_not_negative", sql`${table.bonusCents} >= 0`),
    index("deposits_user_created_idx").on(table.userId, table.createdAt.desc()),
    // The admin's list of manual claims, pending first (docs/decisions/059).
    index("deposits_manual_claims_idx")
      .on(table.status, table.createdAt)
      .where(sql`${table.manualMethodId} is not null`),
    // Deposits completed in an hour: the dashboard's first deposits (docs/decisions/041).
    index("deposits_completed_idx").on(table.completedAt).where(sql`${table.status} = 'completed'`),
  ],
);

/**
 * The results of payment events an admin must look at (docs/decisions/057): money a gateway says it took, or gave
 * back, that the shop did not credit or debit on its own (for `credited_overpaid`, what was paid above the amount
 * asked).
 */
export const PAYMENT_RESULTS_TO_REVIEW = [
  "amount_mismatch",
  "reference_mismatch",
  "provider_mismatch",
  "not_found",
  "paid_after_closing",
  "refunded_to_review",
  "credited_overpaid",
] as const;

/**
 * Every verified gateway event we accepted, so a redelivered event is recognised and ignored, with the deposit it
 * named and what it did to it (docs/decisions/057): a refused one (amount or currency differs, paid after the
 * deposit closed) stays here for an admin.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text("id").primaryKey(),
    provider: paymentProviderEnum("provider").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    depositId: uuid("deposit_id").references(() => deposits.id, { onDelete: "restrict" }),
    // What applying it did: credited, amount_mismatch, paid_after_closing... (null before migration 0038).
    result: text("result"),
    // What the gateway said it took, in its currency (null when it did not say, or before migration 0044).
    reportedAmountCents: bigint("reported_amount_cents", { mode: "number" }).$type<Cents>(),
    reportedCurrency: text("reported_currency"),
    // An admin looked at an event to review and settled it (docs/decisions/057), once.
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewNote: text("review_note"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("payment_events_deposit_idx").on(table.depositId),
    // The events an admin must look at (docs/decisions/057), newest first.
    index("payment_events_to_review_idx")
      .on(table.receivedAt.desc())
      .where(
        sql`${table.result} in (${sql.raw(PAYMENT_RESULTS_TO_REVIEW.map((result) => `'${result}'`).join(", "))})`,
      ),
  ],
);

/**
 * The ledger: one row per balance change. For every user, balance_cents == sum(amount_cents).
 * Credits (deposit, refund, bonus) are positive, purchases negative, adjustments either.
 */
export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    type: transactionTypeEnum("type").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).$type<Cents>().notNull(),
    status: transactionStatusEnum("status").notNull().default("completed"),
    paymentMethod: text("payment_method"),
    paymentGatewayId: text("payment_gateway_id"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    autoOrderId: uuid("auto_order_id").references(() => autoOrders.id, { onDelete: "restrict" }),
    depositId: uuid("deposit_id").references(() => deposits.id, { onDelete: "restrict" }),
    // The upstream submission (one post of an auto order) whose undelivered share this refund pays back.
    fulfilmentId: uuid("fulfilment_id").references(() => fulfilments.id, { onDelete: "restrict" }),
    // The admin who caused this movement (manual order, status change, adjustment), if any.
    adminId: uuid("admin_id").references(() => users.id, { onDelete: "set null" }),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamps.createdAt,
  },
  (table) => [
    check(
      "transactions_amount_sign",
      sql`(${table.type} in ('deposit', 'refund', 'bonus') and ${table.amountCents} > 0)
        or (${table.type} = 'purchase' and ${table.amountCents} <= 0)
        or (${table.type} = 'adjustment' and ${table.amountCents} <> 0)`,
    ),
    // Ascending: read backwards it is exactly `order by created_at desc, id desc` (NULLS FIRST, as desc sorts), so
    // a customer's newest-first page stops after its rows instead of sorting the whole history (decisions/029).
    index("transactions_user_created_idx").on(table.userId, table.createdAt, table.id),
    // The whole ledger by time: the money figures' days and the transactions export's keyset batches
    // (docs/decisions/041).
    // Oldest first as a keyset reads it (NULLS FIRST, as the export's order is spelled: decisions/030).
    index("transactions_created_idx").on(table.createdAt.asc().nullsFirst(), table.id),
    // Money moves at most once per cause, whatever retries or races happen above the database.
    uniqueIndex("transactions_one_purchase_per_order")
      .on(table.orderId)
      .where(sql`${table.type} = 'purchase' and ${table.orderId} is not null`),
    uniqueIndex("transactions_one_refund_per_order")
      .on(table.orderId)
      .where(sql`${table.type} = 'refund' and ${table.orderId} is not null`),
    uniqueIndex("transactions_one_purchase_per_auto_order")
      .on(table.autoOrderId)
      .where(sql`${table.type} = 'purchase' and ${table.autoOrderId} is not null`),
    // The refund of an auto order's remaining posts (cancel); a post delivered partially is refunded on its own.
    uniqueIndex("transactions_one_refund_per_auto_order")
      .on(table.autoOrderId)
      .where(
        sql`${table.type} = 'refund' and ${table.autoOrderId} is not null and ${table.fulfilmentId} is null`,
      ),
    uniqueIndex("transactions_one_refund_per_fulfilment")
      .on(table.fulfilmentId)
      .where(sql`${table.type} = 'refund' and ${table.fulfilmentId} is not null`),
    uniqueIndex("transactions_one_credit_per_deposit")
      .on(table.depositId)
      .where(sql`${table.type} = 'deposit' and ${table.depositId} is not null`),
    uniqueIndex("transactions_one_bonus_per_kind")
      .on(table.userId, sql`(${table.metadata} ->> 'kind')`)
      .where(sql`${table.type} = 'bonus'`),
  ],
);
