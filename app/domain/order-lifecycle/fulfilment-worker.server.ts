import type { PgBoss } from "pg-boss";
import type { Database } from "../../db/client.server.ts";
import { listenDatabaseUrl } from "../../lib/env.server.ts";
import { newJobBoss, openJobQueue } from "../../lib/job-queues.server.ts";
import { shutdownRequested } from "../../lib/shutdown.ts";
import { readAlertsConfig } from "../alerts/alerts-config.server.ts";
import { ensureSimulatedProvider } from "../fulfilment/ensure-simulated-provider.server.ts";
import type { FulfilmentConfig } from "../fulfilment/fulfilment-config.server.ts";
import { syncAllProviders } from "../fulfilment/sync-providers.server.ts";
import { scheduleAlerts } from "./alert-schedules.server.ts";
import { SubmissionPump } from "./fulfilment-steps.server.ts";
import { runFulfilmentRound } from "./run-fulfilment-round.server.ts";

const ROUND_QUEUE = "fulfilment-round";
const SYNC_QUEUE = "provider-sync";

/**
 * Starts the fulfilment worker: a submission pump that sends new orders the moment they commit (LISTEN), and
 * rounds on pg-boss for everything periodic (retries, cancels, polls, auto-order posts). Every worker offers a
 * round every few seconds, throttled by a singleton key so several workers do not multiply rounds; pg-boss
 * hands each round to one worker. Rounds
 * may still overlap (a slow one, or one left by a crashed worker), which is safe: every row a round takes is
 * claimed with FOR UPDATE SKIP LOCKED under a lease, so no submission is ever processed twice. (A queue
 * policy allowing one active round would let a crashed worker's round block everyone until it expired.)
 * Returns how to stop it.
 */
export async function startFulfilmentWorker(
  databaseUrl: string,
  db: Database,
  config: FulfilmentConfig,
): Promise<() => Promise<void>> {
  if (config.simulatedProvider) await ensureSimulatedProvider(db);
  const boss = newJobBoss(databaseUrl);
  boss.on("error", (error: Error) => {
    if (!shutdownRequested()) console.error(`fulfilment worker: ${error.message}`);
  });
  await boss.start();
  await openJobQueue(boss, ROUND_QUEUE, {
    expireInSeconds: Math.max(60, config.leaseSeconds),
    everySeconds: config.tickSeconds,
  });
  const options = {
    leaseSeconds: config.leaseSeconds,
    pollSeconds: config.pollSeconds,
    concurrencyPerProvider: config.concurrencyPerProvider,
    afterAdd: config.crashAfterAdd ? crash : undefined,
  };
  const pump = new SubmissionPump(db, options);
  await pump.start(listenDatabaseUrl(databaseUrl));
  await boss.work(ROUND_QUEUE, { pollingIntervalSeconds: Math.min(config.tickSeconds, 2) }, async () => {
    try {
      await runFulfilmentRound(db, { ...options, submit: false });
      // Retries that came due, and anything the pump missed, are sent by the pump (one concurrency limit).
      pump.wake();
    } catch (error) {
      // The next round starts afresh (claimed rows come back after their lease): say why this one stopped.
      console.error(`fulfilment round failed: ${(error as Error).stack ?? error}`);
      throw error;
    }
  });
  const offer = () =>
    boss
      .send(
        ROUND_QUEUE,
        {},
        { singletonKey: "round", singletonSeconds: Math.max(1, Math.round(config.tickSeconds)) },
      )
      .catch((error: Error) => {
        if (!shutdownRequested()) console.error(`fulfilment worker: ${error.message}`);
      });
  void offer();
  const timer = setInterval(offer, config.tickSeconds * 1000);
  const stopSync = await scheduleProviderSync(boss, db, config);
  const stopAlerts = await scheduleAlerts(boss, db, readAlertsConfig());
  return async () => {
    clearInterval(timer);
    stopSync();
    stopAlerts();
    await pump.stop();
    await boss.stop({ graceful: true, timeout: 10_000 });
  };
}

/**
 * The providers' sync round (docs/decisions/040): every worker offers one each minute, throttled by a singleton key
 * to one per PROVIDER_SYNC_MINUTES across workers, and pg-boss hands it to one of them. A round that fails is
 * logged; the next comes at its time. Returns how to stop offering.
 */
async function scheduleProviderSync(
  boss: PgBoss,
  db: Database,
  config: FulfilmentConfig,
): Promise<() => void> {
  if (config.providerSyncMinutes === 0) return () => {};
  const windowSeconds = config.providerSyncMinutes * 60;
  await openJobQueue(boss, SYNC_QUEUE, {
    expireInSeconds: Math.max(600, Math.min(windowSeconds, 3600)),
    everySeconds: windowSeconds,
  });
  await boss.work(SYNC_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    try {
      const { rates, reports } = await syncAllProviders(db, { exchangeRatesUrl: config.exchangeRatesUrl });
      if (rates && !rates.read) console.error(`provider sync: ${rates.error}`);
      for (const report of reports)
        if (report.error) console.error(`provider sync: ${report.name}: ${report.error}`);
    } catch (error) {
      console.error(`provider sync failed: ${(error as Error).stack ?? error}`);
      throw error;
    }
  });
  const offer = () =>
    boss
      .send(SYNC_QUEUE, {}, { singletonKey: "sync", singletonSeconds: windowSeconds })
      .catch((error: Error) => console.error(`provider sync: ${error.message}`));
  void offer();
  const timer = setInterval(offer, 60_000);
  return () => clearInterval(timer);
}

// The crash test's fault: die between the upstream `add` and recording it, as a power cut would.
function crash(): never {
  console.error("fulfilment worker: FULFILMENT_FAULT=crash-after-add, exiting after a successful add");
  process.exit(70);
}
