/**
 * Every migration after 0047 keeps the shop open while it runs and the release before it running beside it (product
 * rules 17.35-17.38, docs/decisions/064): no index built without CONCURRENTLY, no table rewritten or scanned under
 * its lock, no rows backfilled inside the migration, nothing the release before uses dropped without a note. The
 * migrations up to 0047 were written before this rule; each is listed here with what the check finds in it, so
 * the list can neither grow nor go stale.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintMigration, type Rule } from "../support/migration-lint.ts";

const drizzleFolder = path.resolve(import.meta.dirname, "../../drizzle");
const journal = JSON.parse(readFileSync(path.join(drizzleFolder, "meta/_journal.json"), "utf8")) as {
  entries: { tag: string }[];
};
const LAST_GRANDFATHERED = "0047_deposit_bonus";

/** What each migration up to 0047 does that a new one may not (docs/deployment.md lists their cost). */
const GRANDFATHERED: Record<string, Rule[]> = {
  "0003_partial_post_refunds": ["constraint-without-not-valid", "index-without-concurrently"],
  "0004_delivery_paths": [
    "constraint-without-not-valid",
    "index-without-concurrently",
    "rows-rewritten-in-migration",
  ],
  "0005_mail_outbox_delivery": ["constraint-without-not-valid", "index-without-concurrently"],
  "0007_order_types": ["constraint-without-not-valid"],
  "0009_refills": ["rows-rewritten-in-migration"],
  "0010_api_subscriptions": ["rows-rewritten-in-migration", "set-not-null", "unique-constraint-builds-index"],
  "0011_subscription_terms": ["constraint-without-not-valid"],
  "0012_order_status_changes": ["rows-rewritten-in-migration"],
  "0013_ticket_threads_and_notification_preferences": [
    "contract-without-note",
    "rows-rewritten-in-migration",
  ],
  "0015_user_history_keyset_indexes": ["index-without-concurrently"],
  "0016_admin_search_trigram_indexes": ["index-without-concurrently"],
  "0018_mail_outbox_retention": ["index-without-concurrently"],
  "0019_page_versions": ["contract-without-note"],
  "0020_catalogue_costs": ["contract-without-note"],
  "0023_sync_provider_catalog_browse": ["index-without-concurrently"],
  "0024_profit_figures": ["index-without-concurrently"],
  "0025_order_overrides": ["constraint-without-not-valid"],
  "0026_failures_in_view": ["index-without-concurrently"],
  "0029_paced_orders": ["constraint-without-not-valid", "index-without-concurrently"],
  "0030_api_for_every_client": ["index-without-concurrently"],
  "0031_staff_roles": ["contract-without-note"],
  "0038_payment_event_results": ["constraint-without-not-valid", "index-without-concurrently"],
  "0041_affiliate_order_commissions": ["rows-rewritten-in-migration"],
  "0042_overpaid_payments_to_review": ["index-without-concurrently"],
  "0044_manual_deposits": ["constraint-without-not-valid", "index-without-concurrently"],
  "0046_deposit_fees": ["constraint-without-not-valid"],
  "0047_deposit_bonus": ["constraint-without-not-valid"],
};

const rulesOf = (sql: string) => [...new Set(lintMigration(sql).map((finding) => finding.rule))].sort();

describe("the migrations in drizzle/ (product rules 17.35)", () => {
  const lastGrandfathered = journal.entries.findIndex((entry) => entry.tag === LAST_GRANDFATHERED);

  it("grandfathers only migrations up to 0047", () => {
    expect(lastGrandfathered).toBeGreaterThan(0);
    const older = new Set(journal.entries.slice(0, lastGrandfathered + 1).map((entry) => entry.tag));
    expect(Object.keys(GRANDFATHERED).filter((tag) => !older.has(tag))).toEqual([]);
  });

  it("flags nothing in a migration after 0047, and in the older ones exactly what they are listed with", () => {
    const problems = journal.entries.flatMap(({ tag }) => {
      const findings = lintMigration(readFileSync(path.join(drizzleFolder, `${tag}.sql`), "utf8"));
      const expected = GRANDFATHERED[tag] ?? [];
      const found = [...new Set(findings.map((finding) => finding.rule))].sort();
      if (JSON.stringify(found) === JSON.stringify([...expected].sort())) return [];
      if (expected.length > 0)
        return [`${tag}: listed with ${expected.join(", ")}, found ${found.join(", ")}`];
      return findings.map(
        (finding) => `drizzle/${tag}.sql: ${finding.rule} in "${finding.statement}": ${finding.advice}`,
      );
    });
    expect(problems, problems.join("\n")).toEqual([]);
  });
});

describe("what the check flags, and what it lets through (docs/decisions/064)", () => {
  it("flags an index built in the migration's transaction on a table that exists, not one on a table it creates", () => {
    expect(rulesOf('CREATE INDEX "orders_x_idx" ON "orders" USING btree ("x");')).toEqual([
      "index-without-concurrently",
    ]);
    expect(
      rulesOf(
        'CREATE TABLE "things" ("id" bigserial PRIMARY KEY, "x" text);--> statement-breakpoint\nCREATE INDEX "things_x_idx" ON "things" USING btree ("x");',
      ),
    ).toEqual([]);
    expect(rulesOf('CREATE INDEX "services_x_idx" ON "services" ("x");')).toEqual([]);
  });

  it("takes a concurrent index in a migration of its own, written to run again", () => {
    expect(
      rulesOf('CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_x_idx" ON "orders" USING btree ("x");'),
    ).toEqual([]);
    expect(rulesOf('CREATE INDEX CONCURRENTLY "orders_x_idx" ON "orders" ("x");')).toEqual([
      "concurrent-index-not-idempotent",
    ]);
    expect(
      rulesOf(
        'ALTER TABLE "orders" ADD COLUMN "x" text;--> statement-breakpoint\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_x_idx" ON "orders" ("x");',
      ),
    ).toEqual(["concurrent-index-with-other-statements"]);
    expect(rulesOf('DROP INDEX CONCURRENTLY IF EXISTS "orders_x_idx";')).toEqual([]);
  });

  it("flags a rewrite of a growing table: a type change, a volatile or serial column, NOT NULL without a default", () => {
    expect(rulesOf('ALTER TABLE "orders" ALTER COLUMN "quantity" SET DATA TYPE bigint;')).toEqual([
      "column-type-change",
    ]);
    expect(
      rulesOf('ALTER TABLE "orders" ADD COLUMN "token" uuid DEFAULT gen_random_uuid() NOT NULL;'),
    ).toEqual(["column-rewrite"]);
    expect(rulesOf('ALTER TABLE "orders" ADD COLUMN "seq" bigserial;')).toEqual(["column-rewrite"]);
    expect(rulesOf('ALTER TABLE "orders" ADD COLUMN "note" text NOT NULL;')).toEqual([
      "not-null-without-default",
    ]);
    expect(rulesOf('ALTER TABLE "orders" ALTER COLUMN "note" SET NOT NULL;')).toEqual(["set-not-null"]);
    // A constant default (or now(), fixed for the statement) is written in the catalogue, not into every row.
    expect(rulesOf('ALTER TABLE "orders" ADD COLUMN "paced" boolean DEFAULT false NOT NULL;')).toEqual([]);
    expect(
      rulesOf('ALTER TABLE "orders" ADD COLUMN "seen_at" timestamp with time zone DEFAULT now() NOT NULL;'),
    ).toEqual([]);
    expect(rulesOf('ALTER TABLE "orders" ADD COLUMN "note" text;')).toEqual([]);
  });

  it("flags a constraint checked under the table's lock, and lets it through NOT VALID", () => {
    expect(
      rulesOf('ALTER TABLE "orders" ADD CONSTRAINT "orders_q" CHECK ("orders"."quantity" > 0);'),
    ).toEqual(["constraint-without-not-valid"]);
    expect(
      rulesOf('ALTER TABLE "orders" ADD CONSTRAINT "orders_q" CHECK ("orders"."quantity" > 0) NOT VALID;'),
    ).toEqual([]);
    expect(rulesOf('ALTER TABLE "orders" VALIDATE CONSTRAINT "orders_q";')).toEqual([]);
    expect(rulesOf('ALTER TABLE "orders" ADD CONSTRAINT "orders_x_unique" UNIQUE("x");')).toEqual([
      "unique-constraint-builds-index",
    ]);
    expect(
      rulesOf('ALTER TABLE "orders" ADD CONSTRAINT "orders_x_unique" UNIQUE USING INDEX "orders_x_idx";'),
    ).toEqual([]);
  });

  it("flags rows changed or copied from a growing table inside the migration, and whole-table rewrites", () => {
    expect(rulesOf('UPDATE "orders" SET "ended_at" = "updated_at" WHERE "status" = \'completed\';')).toEqual([
      "rows-rewritten-in-migration",
    ]);
    expect(
      rulesOf('DELETE FROM "analytics_events" WHERE "created_at" < now() - interval \'1 year\';'),
    ).toEqual(["rows-rewritten-in-migration"]);
    expect(rulesOf('INSERT INTO "order_status_changes" ("order_id") SELECT "id" FROM "orders";')).toEqual([
      "rows-rewritten-in-migration",
    ]);
    expect(rulesOf('UPDATE "settings" SET "value" = \'1\' WHERE "key" = \'x\';')).toEqual([]);
    expect(rulesOf('INSERT INTO "platforms" ("slug") VALUES (\'other\');')).toEqual([]);
    // Rows read by a sub-select (EXISTS) or made by a function are not a growing table's rows.
    expect(
      rulesOf(
        `INSERT INTO "seed_sets" ("name") SELECT "name" FROM unnest(ARRAY['a', 'b']) AS "name" WHERE EXISTS (SELECT FROM "users");`,
      ),
    ).toEqual([]);
    expect(rulesOf("VACUUM FULL orders;")).toEqual(["table-rewrite"]);
    expect(rulesOf("CLUSTER orders USING orders_created_idx;")).toEqual(["table-rewrite"]);
  });

  it("flags a drop or rename the release before still relies on, unless a contract note says it no longer does", () => {
    expect(rulesOf('ALTER TABLE "tickets" DROP COLUMN "message";')).toEqual(["contract-without-note"]);
    expect(rulesOf('ALTER TABLE "settings" RENAME COLUMN "a" TO "b";')).toEqual(["contract-without-note"]);
    expect(rulesOf('DROP TYPE "public"."platform";')).toEqual(["contract-without-note"]);
    expect(
      rulesOf(
        '-- contract: tickets.message unread since the release that made tickets threads (0013)\nALTER TABLE "tickets" DROP COLUMN "message";',
      ),
    ).toEqual([]);
    expect(rulesOf('ALTER TABLE "orders" DROP CONSTRAINT "orders_drip_feed";')).toEqual([]);
  });

  it("reads semicolons inside a function body or a string as part of the statement", () => {
    const sql = `CREATE OR REPLACE FUNCTION "f"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET x = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
INSERT INTO "platforms" ("slug", "name") VALUES ('a;b', 'A');`;
    expect(rulesOf(sql)).toEqual([]);
  });
});
