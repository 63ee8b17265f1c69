// `npm run worker`: the fulfilment and mail workers, the figures round and the retention round as their own process (production), beside
// app servers started with WORKER=off. Several may run on one database: they share the work through pg-boss and row
// locks.
import { closeConnection, db } from "../app/db/client.server.ts";
import { startFiguresRound } from "../app/domain/admin/figures-round.server.ts";
import { readFulfilmentConfig } from "../app/domain/fulfilment/fulfilment-config.server.ts";
import { readMailConfig } from "../app/domain/mail/mail-config.server.ts";
import { startMailWorker } from "../app/domain/mail/mail-worker.server.ts";
import { startFulfilmentWorker } from "../app/domain/order-lifecycle/fulfilment-worker.server.ts";
import { readRetentionConfig } from "../app/domain/retention/retention-config.server.ts";
import { startRetentionRound } from "../app/domain/retention/retention-round.server.ts";
import { env } from "../app/lib/env.server.ts";
import { noteShutdownRequested } from "../app/lib/shutdown.ts";
import { provideDatabase } from "./database.ts";
import { migrateOrExit } from "./migrate-step.ts";
import { WORKERS_READY_MESSAGE } from "./worker-ready.ts";

const database = await provideDatabase(env());
process.env.DATABASE_URL = database.url;
await migrateOrExit(database);
const stopWorker = await startFulfilmentWorker(database.url, db(), readFulfilmentConfig());
const stopMail = await startMailWorker(database.url, db(), readMailConfig());
const stopFigures = startFiguresRound(db());
const stopRetention = startRetentionRound(db(), readRetentionConfig());
console.log(WORKERS_READY_MESSAGE);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  noteShutdownRequested();
  console.log(`\n${signal} received: stopping the workers...`);
  await stopRetention();
  await stopFigures();
  await stopMail();
  await stopWorker();
  await closeConnection();
  await database.stop();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
