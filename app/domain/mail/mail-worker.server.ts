import pg from "pg";
import { PgBoss } from "pg-boss";
import type { Database } from "../../db/client.server.ts";
import { listenDatabaseUrl } from "../../lib/env.server.ts";
import { createMailTransport, deliverDueMail, MAIL_LEASE_SECONDS } from "./deliver-mail.server.ts";
import type { MailConfig } from "./mail-config.server.ts";
import { MAIL_QUEUED_CHANNEL } from "./queue-mail.server.ts";

const ROUND_QUEUE = "mail-round";
const RECONNECT_DELAY_MS = 2_000;

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

  let listener: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | undefined;
  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: listenDatabaseUrl(databaseUrl) });
    listener = client;
    const retry = () => {
      if (stopped || listener !== client) return;
      listener = null;
      void client.end().catch(() => {});
      reconnect = setTimeout(() => void listen(), RECONNECT_DELAY_MS);
    };
    client.on("error", (error) => {
      console.error(`mail worker listener: ${error.message}`);
      retry();
    });
    client.on("end", retry);
    client.on("notification", () => void wake());
    try {
      await client.connect();
      await client.query(`listen ${MAIL_QUEUED_CHANNEL}`);
    } catch (error) {
      console.error(`mail worker listener: ${(error as Error).message}`);
      retry();
      return;
    }
    // Notifications sent while nobody listened are lost: look once the LISTEN is in place.
    void wake();
  };
  await listen();

  const boss = new PgBoss({ connectionString: databaseUrl, max: 2 });
  boss.on("error", (error: Error) => console.error(`mail worker: ${error.message}`));
  await boss.start();
  await boss.createQueue(ROUND_QUEUE, {
    policy: "standard",
    retryLimit: 0,
    expireInSeconds: MAIL_LEASE_SECONDS,
    deleteAfterSeconds: 3600,
  });
  const pollingIntervalSeconds = Math.max(0.5, Math.min(config.tickSeconds, 2));
  await boss.work(ROUND_QUEUE, { pollingIntervalSeconds }, () => wake());
  const offer = () =>
    boss
      .send(
        ROUND_QUEUE,
        {},
        { singletonKey: "round", singletonSeconds: Math.max(1, Math.round(config.tickSeconds)) },
      )
      .catch((error: Error) => console.error(`mail worker: ${error.message}`));
  void offer();
  const timer = setInterval(offer, config.tickSeconds * 1000);

  return async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(reconnect);
    const client = listener;
    listener = null;
    await client?.end().catch(() => {});
    await boss.stop({ graceful: true, timeout: 10_000 });
    await draining;
    transport.close();
  };
}
