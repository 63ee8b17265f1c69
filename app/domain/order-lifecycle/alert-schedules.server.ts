import type { PgBoss } from "pg-boss";
import type { Database } from "../../db/client.server.ts";
import { openJobQueue } from "../../lib/job-queues.server.ts";
import type { AlertsConfig } from "../alerts/alerts-config.server.ts";
import { checkLedgerAndAlert } from "../alerts/ledger-alert.server.ts";
import { runAlertRound } from "../alerts/run-alert-round.server.ts";
import { refreshProviderBalances } from "../fulfilment/refresh-provider-balances.server.ts";

/** The alerts' pg-boss queues (docs/decisions/044). */
export const ALERT_QUEUES = {
  round: "alert-round",
  ledger: "ledger-check",
  balances: "provider-balances",
} as const;

/**
 * The alerts' schedules on pg-boss (product rules 14.20-14.26): the alert round, the ledger check and the providers'
 * balances, each offered by every worker and throttled by a singleton key to one per interval across workers, as the
 * provider sync is; pg-boss hands each job to one worker. A job that fails is logged and the next comes at its time.
 * An interval of 0 schedules nothing. Returns how to stop offering.
 */
export async function scheduleAlerts(boss: PgBoss, db: Database, config: AlertsConfig): Promise<() => void> {
  const stops = [
    await scheduleEvery(boss, ALERT_QUEUES.round, config.roundSeconds, async () => {
      await runAlertRound(db, { now: new Date(), digestHourUtc: config.digestHourUtc });
    }),
    await scheduleEvery(boss, ALERT_QUEUES.ledger, config.ledgerCheckSeconds, async () => {
      const check = await checkLedgerAndAlert(db);
      if (check.mismatched > 0)
        console.error(`ledger check: ${check.mismatched} wallet(s) differ from their ledger`);
    }),
    await scheduleEvery(boss, ALERT_QUEUES.balances, config.providerBalanceMinutes * 60, async () => {
      for (const report of await refreshProviderBalances(db))
        if (report.error) console.error(`provider balance: ${report.name}: ${report.error}`);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

async function scheduleEvery(
  boss: PgBoss,
  queue: string,
  seconds: number,
  work: () => Promise<void>,
): Promise<() => void> {
  if (seconds === 0) return () => {};
  await openJobQueue(boss, queue, {
    expireInSeconds: Math.max(60, Math.min(seconds, 3600)),
    everySeconds: seconds,
  });
  await boss.work(queue, { pollingIntervalSeconds: Math.min(Math.max(seconds / 2, 0.5), 30) }, async () => {
    try {
      await work();
    } catch (error) {
      console.error(`${queue} failed: ${(error as Error).stack ?? error}`);
      throw error;
    }
  });
  const offer = () =>
    boss
      .send(queue, {}, { singletonKey: queue, singletonSeconds: seconds })
      .catch((error: Error) => console.error(`${queue}: ${error.message}`));
  void offer();
  const timer = setInterval(offer, Math.min(seconds, 60) * 1000);
  return () => clearInterval(timer);
}
