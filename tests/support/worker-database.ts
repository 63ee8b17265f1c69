import { sql } from "drizzle-orm";
import { beforeAll, inject } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { forgetCachedSettings } from "../../app/domain/settings/read-settings.server.ts";
import { ensureDatabaseExists } from "../../server/embedded-postgres.ts";
import { TEMPLATE_DATABASE, TEST_AUTH_SECRET } from "./constants.ts";

/**
 * Gives this test worker its own database, copied from the migrated and seeded template, and points the app's
 * db() at it. Import it first in domain-level integration tests.
 */
const name = `boostly_worker_${process.env.VITEST_POOL_ID ?? "0"}`;
const serverUrl = inject("pgServerUrl");
const workerUrl = serverUrl.replace(/\/postgres$/, `/${name}`);
process.env.DATABASE_URL = workerUrl;
process.env.AUTH_SECRET = TEST_AUTH_SECRET;
process.env.APP_ENV = "test";

beforeAll(async () => {
  await ensureDatabaseExists(serverUrl, name, TEMPLATE_DATABASE);
});

// Tables a test may fill; the seeded catalogue, packs, settings, banner and blog posts stay.
const MUTABLE_TABLES = [
  "users",
  "sessions",
  "accounts",
  "verifications",
  "user_roles",
  "orders",
  "order_status_changes",
  "auto_orders",
  "free_trial_claims",
  "transactions",
  "payment_events",
  "deposits",
  "manual_deposit_methods",
  "tickets",
  "ticket_messages",
  "notification_preferences",
  "contact_messages",
  "newsletter_subscribers",
  "rate_limits",
  "mail_outbox",
  "analytics_events",
  "analytics_days",
  "admin_audit_log",
  "alerts",
  "api_keys",
  "providers",
  "provider_services",
  "fulfilments",
  "simulated_provider_orders",
  "refills",
  "refill_submissions",
  "simulated_provider_refills",
  "money_days",
  "money_settled",
  "money_waiting_parts",
  "exchange_rates",
];

/**
 * Seeded tables that admin tests edit (a price, a new service, a post, a platform or a category): put back from the
 * template's pristine copies in the `test_seed` schema (tests/support/test-postgres.ts), with their original ids.
 */
const SEEDED_TABLES = [
  "services",
  "likes_packs",
  "blog_posts",
  "banner_settings",
  "platforms",
  "service_categories",
];

/**
 * Above this many rows a table is truncated instead of deleted from (a test of lists at scale fills 100,000
 * orders); below it a DELETE costs a few milliseconds where a TRUNCATE costs tens (new files for the table and
 * its indexes, and a cascade to every table that references it).
 */
const TRUNCATE_ABOVE_ROWS = 10_000;

/**
 * Every table the reset empties, tables that reference others first: the lists above and every table that
 * references one of them (as `truncate ... cascade` would reach: `settings` through its admin column), with
 * whether it is seeded.
 */
async function tablesInDeleteOrder(): Promise<
  Array<{ table: string; seeded: boolean; seededAncestors: string[] }>
> {
  const listed = [...MUTABLE_TABLES, ...SEEDED_TABLES].map((table) => `'${table}'`).join(", ");
  const { rows } = await db().execute<{ table: string }>(
    sql.raw(`with recursive fk as (
        select distinct conrelid as child, confrelid as parent from pg_constraint
        where contype = 'f' and connamespace = 'public'::regnamespace and conrelid <> confrelid
      ), reached(rel) as (
        select oid from pg_class where relnamespace = 'public'::regnamespace and relname in (${listed})
        union select fk.child from fk join reached on fk.parent = reached.rel
      ), depth(rel, steps) as (
        select rel, 0 from reached
        union all select fk.parent, depth.steps + 1 from depth join fk on fk.child = depth.rel
      )
      select rel::regclass::text as table from depth where rel in (select rel from reached)
      group by rel order by max(steps), 1`),
  );
  const edges = await db().execute<{ child: string; parent: string }>(
    sql.raw(`select distinct conrelid::regclass::text as child, confrelid::regclass::text as parent
      from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace and conrelid <> confrelid`),
  );
  const parentsOf = (table: string): string[] =>
    edges.rows.filter((edge) => edge.child === table).map((edge) => edge.parent);
  /** The seeded tables `table` references, directly or through others. */
  const seededAncestors = (table: string, seen = new Set<string>()): string[] =>
    parentsOf(table).flatMap((parent) => {
      if (seen.has(parent)) return [];
      seen.add(parent);
      return [...(SEEDED_TABLES.includes(parent) ? [parent] : []), ...seededAncestors(parent, seen)];
    });
  return rows.map(({ table }) => ({
    table: table.replaceAll('"', ""),
    seeded: SEEDED_TABLES.includes(table),
    seededAncestors: seededAncestors(table),
  }));
}

/**
 * The reset as one statement: each table that holds rows is emptied, children before the tables they reference
 * (a seeded table only when it, or a seeded table it references, differs from its pristine copy: a platform is
 * put back only once the services on it are gone), then every seeded table that is empty is put back. Row triggers
 * do not matter here: nothing listens while a test is being set up.
 */
async function resetStatement(): Promise<string> {
  const tables = await tablesInDeleteOrder();
  const fingerprint = (table: string) =>
    `(select md5(coalesce(string_agg(row::text, ',' order by row::text), '')) from ${table} as row)`;
  // Read before anything it names is emptied: the tables a seeded table references come after it.
  const differs = (table: string) =>
    `${fingerprint(`"${table}"`)} is distinct from ${fingerprint(`test_seed."${table}"`)}`;
  const empty = tables.map(({ table, seeded, seededAncestors }) =>
    seeded
      ? `if ${[table, ...seededAncestors].map(differs).join(" or ")} then
          delete from "${table}"; end if;`
      : `if exists (select from "${table}" offset ${TRUNCATE_ABOVE_ROWS}) then truncate table "${table}" cascade;
        elsif exists (select from "${table}") then delete from "${table}"; end if;`,
  );
  // With their own API ids too (services.api_id is generated always: the restore overrides it on purpose).
  const restore = tables
    .filter(({ seeded }) => seeded)
    .reverse()
    .map(
      ({ table }) => `if not exists (select from "${table}") then
        insert into "${table}" overriding system value select * from test_seed."${table}"; end if;`,
    );
  // Every table locked first: a write still in flight from a test that has ended (one that timed out while placing
  // orders) finishes before the reset begins, or waits for it and then finds its customer gone; it can never slip
  // an order in between the orders and their customers being emptied.
  const lock = `lock table ${tables.map(({ table }) => `"${table}"`).join(", ")} in access exclusive mode;`;
  return `do $reset$ begin ${[lock, ...empty, ...restore].join("\n")} end $reset$`;
}

let statement: Promise<string> | undefined;

/** Empties every table a test writes to and restores the seeded ones, so each test starts from the seeded shop. */
export async function resetDatabase(): Promise<void> {
  statement ??= resetStatement();
  const reset = sql.raw(await statement);
  for (let attempt = 1; ; attempt++) {
    try {
      await db().execute(reset);
      // Settings a test saved may sit in this process's one-second cache: the next test reads the seeded ones.
      forgetCachedSettings();
      return;
    } catch (error) {
      // A write in flight that locked its tables in another order than the reset: PostgreSQL ends one of the two.
      if (attempt >= 3 || deadlockOf(error) === undefined) throw error;
    }
  }
}

/** The PostgreSQL deadlock error behind a failed query (drizzle wraps it in `cause`), if that is what it was. */
function deadlockOf(error: unknown): unknown {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: string }).code === "40P01") return current;
  }
  return undefined;
}
