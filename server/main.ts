import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { closeConnection, connect } from "../app/db/client.server.ts";
import { migrateDatabase } from "../app/db/migrate.server.ts";
import { seedDatabase } from "../app/db/seed/index.ts";
import { stopLiveHub } from "../app/domain/live/live-hub.server.ts";
import { env } from "../app/lib/env.server.ts";
import { provideDatabase } from "./database.ts";
import { createApp } from "./http.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const config = env();

const database = await provideDatabase(config);
process.env.DATABASE_URL = database.url;
await migrateDatabase(database.url);
{
  const seeding = connect(database.url, 1);
  await seedDatabase(seeding.db);
  await seeding.pool.end();
}

const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
const app = createApp(config, build, path.join(buildDir, "client"));
const server = app.listen(config.port, config.host, () => {
  console.log(`Boostly is running at ${config.appUrl}`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received: stopping Boostly...`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Open live streams never end by themselves: end them, then drop the connections they leave idle.
  await stopLiveHub();
  server.closeIdleConnections();
  const drained = setInterval(() => server.closeIdleConnections(), 100);
  const cutOff = setTimeout(() => server.closeAllConnections(), 5_000);
  await closed;
  clearInterval(drained);
  clearTimeout(cutOff);
  await closeConnection();
  await database.stop();
  console.log("Stopped cleanly.");
  process.exit(0);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
