import { sql } from "drizzle-orm";
import { bigserial, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * What the operator is told about (product rules 14.20-14.29, docs/decisions/044): a new ticket, a customer's reply,
 * a failing or held submission, a provider's balance below its threshold, a sync that paused services, a ledger
 * check that failed. One row per occurrence: the subject key names it (a ticket, a part, a provider's crossing), and
 * while its episode lasts (`ended_at` null) the same kind and key are not raised again.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    subjectKey: text("subject_key").notNull(),
    title: text("title").notNull(),
    details: text("details").notNull().default(""),
    // The admin page where it is acted on (a path, "/admin/tickets?q=TKT-1").
    link: text("link").notNull(),
    raisedAt: timestamp("raised_at", { withTimezone: true }).notNull().defaultNow(),
    // Mailed on its own when raised, or in a day's digest; both null: not mailed (its kind switched off).
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    digestedAt: timestamp("digested_at", { withTimezone: true }),
    // Off the needs-attention panel: dismissed by an admin, or its condition is over.
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedByAdminId: uuid("resolved_by_admin_id").references(() => users.id, { onDelete: "set null" }),
    // Its condition is over (the part sent, the balance back above, the ledger clean): the next one is a new alert.
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    // Raised once per occurrence: a second raise of a kind and key whose episode lasts does nothing.
    uniqueIndex("alerts_one_per_episode")
      .on(table.kind, table.subjectKey)
      .where(sql`${table.endedAt} is null`),
    // The needs-attention panel: open alerts, newest first; few, whatever the table's size.
    index("alerts_open_idx").on(table.raisedAt.desc()).where(sql`${table.resolvedAt} is null`),
    // The digest: alerts not mailed yet.
    index("alerts_undigested_idx")
      .on(table.raisedAt)
      .where(sql`${table.mailedAt} is null and ${table.digestedAt} is null`),
    check("alerts_resolved_when_ended", sql`${table.endedAt} is null or ${table.resolvedAt} is not null`),
  ],
);
