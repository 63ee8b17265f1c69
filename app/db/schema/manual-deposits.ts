import { sql } from "drizzle-orm";
import { bigint, boolean, check, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { Cents } from "../cents.ts";

/**
 * A deposit method the operator describes and confirms by hand (product rules 16.50-16.59, docs/decisions/059):
 * a bank transfer's account, IBAN and what to write as the reference, with the amounts it takes. A customer's
 * claim is a `deposits` row with provider `manual` and this method's id.
 */
export const manualDepositMethods = pgTable(
  "manual_deposit_methods",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    instructions: text("instructions").notNull(),
    minCents: bigint("min_cents", { mode: "number" }).$type<Cents>().notNull(),
    maxCents: bigint("max_cents", { mode: "number" }).$type<Cents>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "manual_deposit_methods_limits",
      sql`${table.minCents} > 0 and ${table.maxCents} >= ${table.minCents}`,
    ),
  ],
);
