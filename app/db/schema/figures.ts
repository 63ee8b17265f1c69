import { sql } from "drizzle-orm";
import { bigint, check, date, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import type { Cents } from "../cents.ts";
import { fulfilments } from "./fulfilment.ts";

/**
 * The money figures of the hours that can no longer change, summed by UTC day and by what they are about
 * (docs/decisions/041): the admin dashboard reads these few rows instead of a month of ledger rows and parts,
 * and works out only the hours not settled yet from the rows themselves. A cache of the ledger and the
 * fulfilments, written only by the admin area's settling round; no money moves here.
 *
 * A row is one day and one service (with its likes pack, for a pack's orders) and, for the parts sent, one
 * provider; the day's deposits, bonuses and adjustments are on its row without a service. Ledger figures
 * (orders to adjustments) are on rows without a provider, the parts' figures on rows with one.
 */
export const moneyDays = pgTable(
  "money_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    serviceId: uuid("service_id"),
    likesPackId: uuid("likes_pack_id"),
    providerId: uuid("provider_id"),
    // Orders placed (one-time) and auto orders placed; customers whose first paid order (either kind) or first
    // completed deposit this was (the dashboard's conversion funnel).
    orders: integer("orders").notNull().default(0),
    autoOrders: integer("auto_orders").notNull().default(0),
    firstOrders: integer("first_orders").notNull().default(0),
    firstDeposits: integer("first_deposits").notNull().default(0),
    // From the ledger: purchases (as a positive amount), refunds, deposits received, bonuses, adjustments.
    salesCents: bigint("sales_cents", { mode: "number" }).$type<Cents>().notNull().default(sql`0`),
    refundsCents: bigint("refunds_cents", { mode: "number" }).$type<Cents>().notNull().default(sql`0`),
    depositsCents: bigint("deposits_cents", { mode: "number" }).$type<Cents>().notNull().default(sql`0`),
    bonusesCents: bigint("bonuses_cents", { mode: "number" }).$type<Cents>().notNull().default(sql`0`),
    adjustmentsCents: bigint("adjustments_cents", { mode: "number" })
      .$type<Cents>()
      .notNull()
      .default(sql`0`),
    // From the parts sent that day: how many, their share of their orders' charges, the undelivered share of
    // those charges, what they cost at their providers (as far as known) and how many have no known cost.
    parts: integer("parts").notNull().default(0),
    partChargeCents: bigint("part_charge_cents", { mode: "number" }).$type<Cents>().notNull().default(sql`0`),
    partRefundsCents: bigint("part_refunds_cents", { mode: "number" })
      .$type<Cents>()
      .notNull()
      .default(sql`0`),
    spendCents: bigint("spend_cents", { mode: "number" }).$type<Cents>().notNull().default(sql`0`),
    unknownCostParts: integer("unknown_cost_parts").notNull().default(0),
  },
  (table) => [
    unique("money_days_grain")
      .on(table.day, table.serviceId, table.likesPackId, table.providerId)
      .nullsNotDistinct(),
  ],
);

/**
 * How far each kind of figure is settled into money_days: `ledger` (ledger rows and orders placed, settled an
 * hour after the hour ends) and `parts` (parts sent, their hour settled an hour after it ends but for the parts
 * still open, which wait in money_waiting_parts). Every hour before `settled_until` is in money_days.
 */
export const moneySettled = pgTable(
  "money_settled",
  {
    stream: text("stream").primaryKey(),
    settledUntil: timestamp("settled_until", { withTimezone: true }).notNull(),
  },
  (table) => [
    check("money_settled_stream", sql`${table.stream} in ('ledger', 'parts')`),
    check("money_settled_whole_hour", sql`date_trunc('hour', ${table.settledUntil}) = ${table.settledUntil}`),
  ],
);

/**
 * A part that was still open when its hour was settled: its cost and how it ends may still change, so it is left
 * out of money_days until it ends, then added once (the dashboard counts it from the part itself meanwhile).
 */
export const moneyWaitingParts = pgTable("money_waiting_parts", {
  fulfilmentId: uuid("fulfilment_id")
    .primaryKey()
    .references(() => fulfilments.id, { onDelete: "cascade" }),
});
