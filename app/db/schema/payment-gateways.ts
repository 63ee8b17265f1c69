import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Cents } from "../cents.ts";
import { users } from "./accounts.ts";
import { paymentProviderEnum } from "./enums.ts";

/**
 * How the operator set up each deposit gateway (docs/decisions/061): on or off, its settings, its secrets sealed
 * with the shop's key (never readable in a dump or a backup), and the fee, limits and bonus its deposits follow.
 * A gateway without a row is off, except Stripe configured by the environment (deployments of before).
 */
export const paymentGateways = pgTable(
  "payment_gateways",
  {
    gateway: paymentProviderEnum("gateway").primaryKey(),
    enabled: boolean("enabled").notNull().default(false),
    /** The gateway's settings that are not secret (PayPal's client id, a BTCPay server and store). */
    settings: jsonb("settings").$type<Record<string, string>>().notNull().default({}),
    /** The secrets as one sealed JSON object (app/lib/sealed-secret.server.ts); null when none is stored. */
    sealedSecrets: text("sealed_secrets"),
    /** The last four characters of each stored secret, to show which one is set. */
    secretHints: jsonb("secret_hints").$type<Record<string, string>>().notNull().default({}),
    /** A fee on top of the amount, in hundredths of a percent (250 = 2.5%), and a fixed part in cents. */
    feeBasisPoints: integer("fee_basis_points").notNull().default(0),
    feeFixedCents: integer("fee_fixed_cents").$type<Cents>().notNull().default(sql`0`),
    /** A bonus on each deposit through it, in hundredths of a percent of the amount (500 = 5%), rounded down. */
    bonusBasisPoints: integer("bonus_basis_points").notNull().default(0),
    /** The gateway's own deposit limits; null follows the shop's (settings). */
    minDepositCents: integer("min_deposit_cents").$type<Cents>(),
    maxDepositCents: integer("max_deposit_cents").$type<Cents>(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    check(
      "payment_gateways_fee",
      sql`${table.feeBasisPoints} between 0 and 2000 and ${table.feeFixedCents} between 0 and 1000`,
    ),
    check("payment_gateways_bonus", sql`${table.bonusBasisPoints} between 0 and 5000`),
    check(
      "payment_gateways_limits",
      sql`(${table.minDepositCents} is null or ${table.minDepositCents} > 0)
        and (${table.maxDepositCents} is null or ${table.maxDepositCents} >= coalesce(${table.minDepositCents}, 1))`,
    ),
  ],
);
