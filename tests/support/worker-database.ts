import { sql } from "drizzle-orm";
import { beforeAll, inject } from "vitest";
import { db } from "../../app/db/client.server.ts";
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
  "deposits",
  "payment_events",
  "tickets",
  "ticket_messages",
  "notification_preferences",
  "contact_messages",
  "newsletter_subscribers",
  "rate_limits",
  "mail_outbox",
  "analytics_events",
  "admin_audit_log",
  "api_keys",
  "providers",
  "provider_services",
  "fulfilments",
  "simulated_provider_orders",
  "refills",
  "refill_submissions",
  "simulated_provider_refills",
];

/**
 * Seeded tables that admin tests edit (a price, a new service, a post): put back from the template's pristine
 * copies in the `test_seed` schema (tests/support/global-setup.ts), with their original ids.
 */
const SEEDED_TABLES = ["services", "likes_packs", "blog_posts", "banner_settings"];

/** Empties every table a test writes to and restores the seeded ones, so each test starts from the seeded shop. */
export async function resetDatabase(): Promise<void> {
  const tables = [...MUTABLE_TABLES, ...SEEDED_TABLES].map((table) => `"${table}"`).join(", ");
  const restore = SEEDED_TABLES.map(
    // With their own API ids too (services.api_id is generated always: the restore overrides it on purpose).
    (table) => `insert into "${table}" overriding system value select * from test_seed."${table}";`,
  ).join(" ");
  await db().execute(sql.raw(`truncate table ${tables} cascade; ${restore}`));
}
