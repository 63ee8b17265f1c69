import cluster from "node:cluster";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { closeConnection, connect, db } from "../app/db/client.server.ts";
import { seedDatabase } from "../app/db/seed/index.ts";
import { startFiguresRound } from "../app/domain/admin/figures-round.server.ts";
import {
  type FulfilmentConfig,
  readFulfilmentConfig,
} from "../app/domain/fulfilment/fulfilment-config.server.ts";
import { stopLiveHub } from "../app/domain/live/live-hub.server.ts";
import { readMailConfig } from "../app/domain/mail/mail-config.server.ts";
import { startMailWorker } from "../app/domain/mail/mail-worker.server.ts";
import { startFulfilmentWorker } from "../app/domain/order-lifecycle/fulfilment-worker.server.ts";
import { readRetentionConfig } from "../app/domain/retention/retention-config.server.ts";
import { startRetentionRound } from "../app/domain/retention/retention-round.server.ts";
import { env } from "../app/lib/env.server.ts";
import { noteShutdownRequested } from "../app/lib/shutdown.ts";
import { provideDatabase } from "./database.ts";
import { createApp } from "./http.ts";
import { migrateOrExit } from "./migrate-step.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const config = env();

if (cluster.isPrimary) await runPrimary();
else await serveHttp();

/**
 * Prepares the database (embedded or DATABASE_URL, migrations, seed), then serves HTTP itself, or through
 * WEB_CONCURRENCY worker processes sharing the port (all state is in PostgreSQL, so they need nothing else).
 */
async function runPrimary() {
  const database = await provideDatabase(config);
  process.env.DATABASE_URL = database.url;
  await migrateOrExit(database);
  const seeding = connect(database.url, 1);
  await seedDatabase(seeding.db);
  await seeding.pool.end();
  // The fulfilment and mail workers run in this (primary) process unless WORKER=off leaves them to `npm run worker`.
  const fulfilment = readFulfilmentConfig();
  const stopWorker =
    fulfilment.worker === "inline" ? await startWorkers(database.url, fulfilment) : async () => {};

  if (config.webConcurrency <= 1) {
    const stopHttp = await serveHttp({ handleSignals: false });
    onStopSignal(async () => {
      await stopWorker();
      await stopHttp();
      await database.stop();
    });
    return;
  }
  for (let worker = 0; worker < config.webConcurrency; worker++) cluster.fork({ DATABASE_URL: database.url });
  cluster.on("exit", (worker, code) => {
    if (!stopping) console.error(`HTTP worker ${worker.process.pid} exited (${code}); starting another`);
    if (!stopping) cluster.fork({ DATABASE_URL: database.url });
  });
  onStopSignal(async () => {
    const exited = Object.values(cluster.workers ?? {}).map(
      (worker) =>
        new Promise((resolve) => (worker?.isDead() ? resolve(null) : worker?.once("exit", resolve))),
    );
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
    await Promise.all(exited);
    await stopWorker();
    await closeConnection();
    await database.stop();
  });
}

/** Starts the fulfilment worker, the mail worker, the figures round and the retention round; returns how to stop them. */
async function startWorkers(databaseUrl: string, fulfilment: FulfilmentConfig): Promise<() => Promise<void>> {
  const stopFulfilment = await startFulfilmentWorker(databaseUrl, db(), fulfilment);
  const stopMail = await startMailWorker(databaseUrl, db(), readMailConfig());
  const stopFigures = startFiguresRound(db());
  const stopRetention = startRetentionRound(db(), readRetentionConfig());
  return async () => {
    await stopRetention();
    await stopFigures();
    await stopMail();
    await stopFulfilment();
  };
}

/** Serves the app on PORT; returns how to stop it (and stops on SIGINT/SIGTERM when it is a worker). */
async function serveHttp({ handleSignals = true } = {}) {
  const buildDir = path.resolve(root, config.buildDir);
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const app = createApp(config, build, path.join(buildDir, "client"));
  const server = app.listen(config.port, config.host, () => {
    if (cluster.isPrimary || cluster.worker?.id === 1) console.log(`Boostly is running at ${config.appUrl}`);
  });
  const stop = async () => {
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
  };
  if (handleSignals) onStopSignal(stop, { quiet: true });
  return stop;
}

let stopping = false;
function onStopSignal(stop: () => Promise<void>, { quiet = false } = {}) {
  const handle = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    noteShutdownRequested();
    if (!quiet) console.log(`\n${signal} received: stopping Boostly...`);
    await stop();
    if (!quiet) console.log("Stopped cleanly.");
    process.exit(0);
  };
  process.on("SIGINT", () => void handle("SIGINT"));
  process.on("SIGTERM", () => void handle("SIGTERM"));
}
