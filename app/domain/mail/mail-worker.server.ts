import type { Database } from "../../db/client.server.ts";
import { DatabaseListener, WORKER_LISTEN_TIMEOUT_MS } from "../../lib/database-listener.server.ts";
import { listenDatabaseUrl } from "../../lib/env.server.ts";
import { newJobBoss, openJobQueue } from "../../lib/job-queues.server.ts";
import { shutdownRequested } from "../../lib/shutdown.ts";
import { createMailTransport, deliverDueMail, MAIL_LEASE_SECONDS } from "./deliver-mail.server.ts";
import type { MailConfig } from "./mail-config.server.ts";
import { pruneOutbox } from "./prune-outbox.server.ts";
import { MAIL_QUEUED_CHANNEL } from "./queue-mail.server.ts";

const ROUND_QUEUE = "mail-round";

/**
 * Starts the mail worker beside the fulfilment worker (docs/decisions/012): a LISTEN on `mail_queued` delivers a
 * fresh mail the moment its row commits, and a pg-boss round every few seconds takes retries that came due (and
 * anything a lost notification left). Several workers may run on one database: every row is claimed FOR UPDATE
 * SKIP LOCKED under a lease, so one mail is never sent by two of them. Without SMTP_URL it does nothing (mail
 * stays in the local outbox). Returns how to stop it.
 */
export async function startMailWorker(
  databaseUrl: string,
  db: Database,
  config: MailConfig,
): Promise<() => Promise<void>> {
  if (!config.smtpUrl) return async () => {};
  const transport = createMailTransport(config.smtpUrl);
  let stopped = false;
  let draining: Promise<void> | null = null;
  let again = false;

  // One drain at a time in this process; a wake during a drain makes it look once more before it ends.
  const wake = (): Promise<void> => {
    again = true;
    if (draining || stopped) return draining ?? Promise.resolve();
    draining = (async () => {
      while (again && !stopped) {
        again = false;
        try {
          await deliverDueMail(db, transport, config);
        } catch (error) {
          console.error(`mail worker: ${(error as Error).stack ?? error}`);
        }
      }
      draining = null;
    })();
    return draining;
  };

  const listener = new DatabaseListener({
    name: "mail",
    channels: [MAIL_QUEUED_CHANNEL],
    connectionString: () => listenDatabaseUrl(databaseUrl),
    onNotification: () => void wake(),
    // Notifications sent while nobody listened are lost, but their mail is still due: look at every (re)LISTEN.
    onReady: () => void wake(),
  });
  listener.start();
  if (!(await listener.whenReady(WORKER_LISTEN_TIMEOUT_MS)))
    console.error(
      `mail worker: not listening after ${WORKER_LISTEN_TIMEOUT_MS} ms; starting anyway (the rounds deliver)`,
    );

  const boss = newJobBoss(databaseUrl);
  boss.on("error", (error: Error) => {
    if (!shutdownRequested()) console.error(`mail worker: ${error.message}`);
  });
  await boss.start();
  await openJobQueue(boss, ROUND_QUEUE, {
    expireInSeconds: MAIL_LEASE_SECONDS,
    everySeconds: config.tickSeconds,
  });
  const pollingIntervalSeconds = Math.max(0.5, Math.min(config.tickSeconds, 2));
  // A round also clears out mail past its retention (product rules 6.7), a bounded batch each time.
  await boss.work(ROUND_QUEUE, { pollingIntervalSeconds }, async () => {
    await pruneOutbox(db, config.retentionDays).catch((error: Error) =>
      console.error(`mail worker: could not prune the outbox: ${error.message}`),
    );
    await wake();
  });
  const offer = () =>
    boss
      .send(
        ROUND_QUEUE,
        {},
        { singletonKey: "round", singletonSeconds: Math.max(1, Math.round(config.tickSeconds)) },
      )
      .catch((error: Error) => {
        if (!shutdownRequested()) console.error(`mail worker: ${error.message}`);
      });
  void offer();
  const timer = setInterval(offer, config.tickSeconds * 1000);

  return async () => {
    stopped = true;
    clearInterval(timer);
    await listener.stop();
    await boss.stop({ graceful: true, timeout: 10_000 });
    await draining;
    transport.close();
  };
}
