import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { buildSearchIndexes } from "./search-indexes.server.ts";

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

/**
 * Applies pending SQL migrations, then builds any missing search index concurrently; several servers starting at
 * once take turns on an advisory lock.
 */
export async function migrateDatabase(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('boostly.migrate'))");
    // A migration that has to wait for a busy table gives up (the start fails and can be retried) rather than
    // make every order, refund and deposit queue behind its lock while it waits.
    await client.query("set lock_timeout = '15s'");
    await migrate(drizzle(client), { migrationsFolder });
    // Outside the migrations' transaction, so no build locks a table against writes (docs/decisions/045).
    await buildSearchIndexes(client);
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('boostly.migrate'))").catch(() => {});
    await client.end();
  }
}
