import { eq } from "drizzle-orm";
import { afterEach } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { mailOutbox } from "../../app/db/schema.ts";
import type { MailConfig } from "../../app/domain/mail/mail-config.server.ts";
import { startMailWorker } from "../../app/domain/mail/mail-worker.server.ts";
import { startTestSmtpServer, type TestSmtpServer } from "./smtp-server.ts";

// The shop's side only needs to know SMTP is configured (mail is then `queued`); each worker a test starts is
// given the address of the test's own SMTP server.
process.env.SMTP_URL = "smtp://127.0.0.1:9";

/**
 * How long a test watches for a second delivery after the first: a few of the worker's rounds (0.5 s apart here).
 * Deliberately short and not a wait: it looks for something that must not happen.
 */
export const NOTHING_MORE_WITHIN_MS = 1_500;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The mail worker's settings in these tests: rounds every half second, retries from half a second. */
export function workerConfig(smtpUrl: string, overrides: Partial<MailConfig> = {}): MailConfig {
  return {
    smtpUrl,
    from: "Boostly <no-reply@boostly.test>",
    maxAttempts: 8,
    retryBaseSeconds: 0.5,
    retryMaxSeconds: 2,
    tickSeconds: 0.5,
    retentionDays: 30,
    ...overrides,
  };
}

/** Mail workers and SMTP servers for this file's tests, each stopped after the test that started it. */
export function mailWorkerTestKit() {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    async startWorker(config: MailConfig) {
      const stop = await startMailWorker(process.env.DATABASE_URL!, db(), config);
      cleanups.push(stop);
    },
    async smtpServer(options: Parameters<typeof startTestSmtpServer>[0] = {}): Promise<TestSmtpServer> {
      const server = await startTestSmtpServer(options);
      cleanups.push(server.stop);
      return server;
    },
  };
}

/** The outbox row of the mail to `to`. */
export async function outboxRow(to: string) {
  const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return row!;
}
