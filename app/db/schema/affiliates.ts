import { sql } from "drizzle-orm";
import {
  bigint,
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
import { type Cents, cents } from "../cents.ts";
import { users } from "./accounts.ts";
import { transactions } from "./ledger.ts";
import { autoOrders, orders } from "./orders.ts";

/** What moved an affiliate balance (docs/decisions/056): commission on a paid order, its reversal, a payout. */
export const affiliateEntryKindEnum = pgEnum("affiliate_entry_kind", ["commission", "reversal", "payout"]);
export const affiliatePayoutStatusEnum = pgEnum("affiliate_payout_status", ["requested", "paid", "rejected"]);
export const affiliatePayoutMethodEnum = pgEnum("affiliate_payout_method", ["wallet", "elsewhere"]);

/**
 * A customer's affiliate account: the code of their referral link and the commission balance it earned.
 * For every affiliate, balance_cents == sum(affiliate_ledger.amount_cents), checked by ledger:check. The balance
 * may go below zero when a refund reverses commission already paid out; later commission pays that back first.
 */
export const affiliates = pgTable(
  "affiliates",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "restrict" }),
    code: text("code").notNull().unique(),
    balanceCents: bigint("balance_cents", { mode: "number" }).$type<Cents>().notNull().default(cents(0)),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("affiliates_code_shape", sql`${table.code} ~ '^[a-z0-9]{6,16}$'`)],
);

/**
 * A visit through a referral link: first touch, one row per visitor cookie, so a bot clicking a link without
 * keeping the cookie is what grows it (a sweep of unattributed visits past the window is designed, decision 056).
 */
export const referralVisits = pgTable(
  "referral_visits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.userId, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("referral_visits_affiliate_created_idx").on(table.affiliateId, table.createdAt)],
);

/** Who referred a customer: written once, at sign-up, within the visit's attribution window. */
export const referrals = pgTable(
  "referrals",
  {
    referredUserId: uuid("referred_user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.userId, { onDelete: "restrict" }),
    visitId: uuid("visit_id").references(() => referralVisits.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("referrals_not_self", sql`${table.referredUserId} <> ${table.affiliateId}`),
    index("referrals_affiliate_created_idx").on(table.affiliateId, table.createdAt),
  ],
);

/**
 * An affiliate's request to be paid their commission balance, and the admin's answer: paid into the shop wallet,
 * paid elsewhere with a reference, or rejected with a reason. One open request per affiliate.
 */
export const affiliatePayouts = pgTable(
  "affiliate_payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.userId, { onDelete: "restrict" }),
    amountCents: bigint("amount_cents", { mode: "number" }).$type<Cents>().notNull(),
    status: affiliatePayoutStatusEnum("status").notNull().default("requested"),
    method: affiliatePayoutMethodEnum("method"),
    // Where money paid elsewhere went (a PayPal transaction id, a bank reference), or why it was rejected.
    reference: text("reference"),
    adminId: uuid("admin_id").references(() => users.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    check("affiliate_payouts_amount_positive", sql`${table.amountCents} > 0`),
    check(
      "affiliate_payouts_decided",
      sql`(${table.status} = 'requested') = (${table.decidedAt} is null)
        and (${table.status} = 'paid') = (${table.method} is not null)`,
    ),
    uniqueIndex("affiliate_payouts_one_open").on(table.affiliateId).where(sql`${table.status} = 'requested'`),
    index("affiliate_payouts_affiliate_requested_idx").on(table.affiliateId, table.requestedAt),
    index("affiliate_payouts_open_idx").on(table.requestedAt).where(sql`${table.status} = 'requested'`),
  ],
);

/**
 * The affiliate ledger: one row per change of an affiliate balance. Commission and its reversals are written by
 * the trigger on the wallet ledger (drizzle/0039), one row per wallet ledger row at most, so an order's charge or
 * refund is booked once whatever path or race wrote it.
 */
export const affiliateLedger = pgTable(
  "affiliate_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.userId, { onDelete: "restrict" }),
    kind: affiliateEntryKindEnum("kind").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).$type<Cents>().notNull(),
    // The referred customer's wallet ledger row (purchase, refund, goodwill) this commission follows.
    transactionId: uuid("transaction_id").references(() => transactions.id, { onDelete: "restrict" }),
    referredUserId: uuid("referred_user_id").references(() => users.id, { onDelete: "restrict" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    autoOrderId: uuid("auto_order_id").references(() => autoOrders.id, { onDelete: "restrict" }),
    // The payout this row pays out (kind payout), once.
    payoutId: uuid("payout_id").references(() => affiliatePayouts.id, { onDelete: "restrict" }),
    // The commission rate of the order's payment, kept so its refunds reverse at the same rate.
    percent: integer("percent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "affiliate_ledger_amount_sign",
      sql`(${table.kind} = 'commission' and ${table.amountCents} > 0)
        or (${table.kind} in ('reversal', 'payout') and ${table.amountCents} < 0)`,
    ),
    check(
      "affiliate_ledger_commission_cause",
      sql`case when ${table.kind} = 'payout' then ${table.payoutId} is not null and ${table.transactionId} is null
        else ${table.transactionId} is not null and ${table.payoutId} is null and ${table.percent} between 0 and 100 end`,
    ),
    uniqueIndex("affiliate_ledger_one_per_transaction").on(table.transactionId),
    uniqueIndex("affiliate_ledger_one_per_payout").on(table.payoutId),
    index("affiliate_ledger_affiliate_created_idx").on(table.affiliateId, table.createdAt, table.id),
    index("affiliate_ledger_order_idx").on(table.orderId).where(sql`${table.orderId} is not null`),
    index("affiliate_ledger_auto_order_idx")
      .on(table.autoOrderId)
      .where(sql`${table.autoOrderId} is not null`),
  ],
);

/**
 * Where each referred order's commission stands (docs/decisions/056): what the customer has paid for it net of
 * refunds so far, and the commission booked for it. The trigger on the wallet ledger moves it by each new row, so
 * a booking reads one row through its key instead of summing the order's history.
 */
export const affiliateOrderCommissions = pgTable(
  "affiliate_order_commissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    affiliateId: uuid("affiliate_id")
      .notNull()
      .references(() => affiliates.userId, { onDelete: "restrict" }),
    // The one-time order, or an auto order's own charges (order_id null), as the wallet ledger names them.
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    autoOrderId: uuid("auto_order_id").references(() => autoOrders.id, { onDelete: "restrict" }),
    // The rate of the order's first payment: its later charges and its refunds are booked at it.
    percent: integer("percent").notNull(),
    netPaidCents: bigint("net_paid_cents", { mode: "number" }).$type<Cents>().notNull(),
    bookedCents: bigint("booked_cents", { mode: "number" }).$type<Cents>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "affiliate_order_commissions_one_cause",
      sql`${table.orderId} is not null or ${table.autoOrderId} is not null`,
    ),
    check("affiliate_order_commissions_percent", sql`${table.percent} between 0 and 100`),
    uniqueIndex("affiliate_order_commissions_order")
      .on(table.orderId)
      .where(sql`${table.orderId} is not null`),
    uniqueIndex("affiliate_order_commissions_auto_order")
      .on(table.autoOrderId)
      .where(sql`${table.orderId} is null`),
  ],
);
