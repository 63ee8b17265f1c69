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
  "auto_orders",
  "free_trial_claims",
  "transactions",
  "deposits",
  "payment_events",
  "tickets",
  "contact_messages",
  "newsletter_subscribers",
  "rate_limits",
  "mail_outbox",
  "analytics_events",
  "admin_audit_log",
];

/** Empties every table a test writes to, so each test starts from the seeded shop. */
export async function resetDatabase(): Promise<void> {
  await db().execute(
    sql.raw(`truncate table ${MUTABLE_TABLES.map((table) => `"${table}"`).join(", ")} cascade`),
  );
}
