import path from "node:path";
import type { Env } from "../app/lib/env.server.ts";
import { ensureDatabaseExists, startEmbeddedPostgres } from "./embedded-postgres.ts";
import { DatabaseUnreachable, waitForDatabase } from "./wait-for-database.ts";

export type AppDatabase = { url: string; stop(): Promise<void> };

/** A database that stays unreachable ends the start with its one line and exit code 1, not a stack. */
async function waitForDatabaseOrExit(url: string, maxWaitSeconds: number): Promise<void> {
  try {
    await waitForDatabase(url, maxWaitSeconds);
  } catch (error) {
    if (!(error instanceof DatabaseUnreachable)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** DATABASE_URL when set (once it takes connections: a server starting up is waited for); otherwise an embedded PostgreSQL server whose data lives in DATA_DIR/postgres. */
export async function provideDatabase(env: Env): Promise<AppDatabase> {
  if (env.databaseUrl) {
    await waitForDatabaseOrExit(env.databaseUrl, env.databaseWaitSeconds);
    return { url: env.databaseUrl, stop: async () => {} };
  }
  const server = await startEmbeddedPostgres({
    dir: path.join(env.dataDir, "postgres"),
    port: env.embeddedPgPort,
    persistent: true,
  });
  await ensureDatabaseExists(server.serverUrl, "boostly");
  const how = server.startedHere ? "started" : "already running";
  console.log(`Embedded PostgreSQL ${how} (data in ${env.dataDir}/postgres)`);
  return { url: server.urlFor("boostly"), stop: server.stop };
}
