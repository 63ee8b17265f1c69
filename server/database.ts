import path from "node:path";
import type { Env } from "../app/lib/env.server.ts";
import { ensureDatabaseExists, startEmbeddedPostgres } from "./embedded-postgres.ts";

export type AppDatabase = { url: string; stop(): Promise<void> };

/** DATABASE_URL when set; otherwise an embedded PostgreSQL server whose data lives in DATA_DIR/postgres. */
export async function provideDatabase(env: Env): Promise<AppDatabase> {
  if (env.databaseUrl) return { url: env.databaseUrl, stop: async () => {} };
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
