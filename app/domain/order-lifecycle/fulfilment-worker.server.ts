import { PgBoss } from "pg-boss";
import type { Database } from "../../db/client.server.ts";
import { listenDatabaseUrl } from "../../lib/env.server.ts";
import { ensureSimulatedProvider } from "../fulfilment/ensure-simulated-provider.server.ts";
import type { FulfilmentConfig } from "../fulfilment/fulfilment-config.server.ts";
import { SubmissionPump } from "./fulfilment-steps.server.ts";
import { runFulfilmentRound } from "./run-fulfilment-round.server.ts";

const ROUND_QUEUE = "fulfilment-round";

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
  const boss = new PgBoss({ connectionString: databaseUrl, max: 2 });
  boss.on("error", (error: Error) => console.error(`fulfilment worker: ${error.message}`));
  await boss.start();
  await boss.createQueue(ROUND_QUEUE, {
    policy: "standard",
    retryLimit: 0,
    expireInSeconds: Math.max(60, config.leaseSeconds),
    deleteAfterSeconds: 3600,
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
      .catch((error: Error) => console.error(`fulfilment worker: ${error.message}`));
  void offer();
  const timer = setInterval(offer, config.tickSeconds * 1000);
  return async () => {
    clearInterval(timer);
    await pump.stop();
    await boss.stop({ graceful: true, timeout: 10_000 });
  };
}

// The crash test's fault: die between the upstream `add` and recording it, as a power cut would.
function crash(): never {
  console.error("fulfilment worker: FULFILMENT_FAULT=crash-after-add, exiting after a successful add");
  process.exit(70);
}
