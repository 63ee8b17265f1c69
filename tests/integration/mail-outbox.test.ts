/**
 * Mail off the request path (docs/decisions/012): requests only write the outbox; the mail worker delivers over
 * SMTP to a real local SMTP server, retries with back-off when it is down or refusing, and two workers never send
 * one mail twice. Real PostgreSQL (this worker's database), a real SMTP server, nothing mocked.
 */
import "../support/worker-database.ts";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connect, db } from "../../app/db/client.server.ts";
import { mailOutbox } from "../../app/db/schema.ts";
import { requestPasswordReset } from "../../app/domain/accounts/passwords.server.ts";
import { claimDueMail } from "../../app/domain/mail/deliver-mail.server.ts";
import { mailRetryDelaySeconds } from "../../app/domain/mail/mail-back-off.ts";
import type { MailConfig } from "../../app/domain/mail/mail-config.server.ts";
import { startMailWorker } from "../../app/domain/mail/mail-worker.server.ts";
import { PRUNE_BATCH, pruneOutbox } from "../../app/domain/mail/prune-outbox.server.ts";
import { queueMail } from "../../app/domain/mail/queue-mail.server.ts";
import { WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { createUser } from "../support/factories.ts";
import { freePort } from "../support/free-port.ts";
import { terminateListenerConnections } from "../support/listener-connections.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../support/smtp-server.ts";
import { resetDatabase } from "../support/worker-database.ts";

// The shop's side only needs to know SMTP is configured (mail is then `queued`); each worker below is given the
// address of the test's own SMTP server.
process.env.SMTP_URL = "smtp://127.0.0.1:9";
const origin = "http://localhost:3000";

const cleanups: Array<() => Promise<void>> = [];
beforeEach(resetDatabase);
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function workerConfig(smtpUrl: string, overrides: Partial<MailConfig> = {}): MailConfig {
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

async function startWorker(config: MailConfig) {
  const stop = await startMailWorker(process.env.DATABASE_URL!, db(), config);
  cleanups.push(stop);
}

async function smtpServer(options: Parameters<typeof startTestSmtpServer>[0] = {}): Promise<TestSmtpServer> {
  const server = await startTestSmtpServer(options);
  cleanups.push(server.stop);
  return server;
}

async function outboxRow(to: string) {
  const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return row!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * How long a test watches for a second delivery after the first: a few of the worker's rounds (0.5 s apart here).
 * Deliberately short and not a wait: it looks for something that must not happen.
 */
const NOTHING_MORE_WITHIN_MS = 1_500;
/** The window in which attempts are counted to see the back-off: a fixed time by design, not a wait. */
const BACK_OFF_WINDOW_MS = 4_000;

/** Waits until a mail round (pg-boss job `mail-round`) offered at or after `since` has completed. */
async function roundCompletedSince(since: Date) {
  await expect
    .poll(
      async () =>
        (
          await db().execute<{ n: number }>(
            sql`select count(*)::int as n from pgboss.job
              where name = 'mail-round' and state = 'completed' and created_on >= ${since.toISOString()}`,
          )
        ).rows[0]?.n,
      { message: "the mail worker's first round completed" },
    )
    .toBeGreaterThan(0);
}

/**
 * Forgets earlier tests' rounds: a round offered by a worker of an earlier test in this minute holds the round's
 * singleton slot (singletonSeconds: the tick), and a new worker's first round would wait for the next slot.
 */
async function forgetEarlierRounds() {
  const { rows } = await db().execute<{ table: string | null }>(
    sql`select to_regclass('pgboss.job')::text as table`,
  );
  if (rows[0]?.table) await db().execute(sql`delete from pgboss.job where name = 'mail-round'`);
}

describe("the mail worker", () => {
  it("delivers a mail queued in a request to the SMTP server, once, on its NOTIFY (not a periodic round)", async () => {
    const smtp = await smtpServer();
    // Rounds only every minute: the mail must go out on the NOTIFY its row sends at commit.
    const started = new Date();
    await startWorker(workerConfig(smtp.url, { tickSeconds: 60 }));
    // Once its first round has run, only a NOTIFY wakes the worker for the next minute.
    await roundCompletedSince(started);
    const user = await createUser();
    const request = new Request(`${origin}/forgot-password`, { method: "POST", headers: { origin } });

    const asked = Date.now();
    expect(await requestPasswordReset(request, user.email)).toEqual({ ok: true });
    await expect.poll(() => smtp.received.length).toBe(1);
    const latencyMs = Date.now() - asked;

    const [mail] = smtp.received;
    expect(mail!.to).toEqual([user.email]);
    expect(mail!.from).toBe("no-reply@boostly.test");
    expect(mail!.subject).toBe("Reset your Boostly password");
    expect(mail!.text).toContain("We received a request to reset the password of your Boostly account.");
    expect(mail!.text).toMatch(/Choose a new password: http:\/\/localhost:\d+\/reset-password\?token=\S+/);
    // About a second on an idle machine; a loaded two-core machine gets more, far below a round's minute.
    expect(latencyMs).toBeLessThan(10_000);
    await expect.poll(async () => (await outboxRow(user.email)).state).toBe("sent");
    const row = await outboxRow(user.email);
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.lastError).toBeNull();
    await sleep(NOTHING_MORE_WITHIN_MS);
    expect(smtp.received).toHaveLength(1);
  });

  it("after its listener's connection is cut: delivers what was queued meanwhile, and new mail again, without a round", async () => {
    const smtp = await smtpServer();
    await forgetEarlierRounds();
    const started = new Date();
    await startWorker(workerConfig(smtp.url, { tickSeconds: 60 }));
    // Once its first round has run, nothing but its listener wakes the worker for the next minute.
    await roundCompletedSince(started);
    // The listener says why it reconnects; kept out of the test output and checked below.
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await terminateListenerConnections("boostly-mail");
      // Nobody listens: this mail's NOTIFY is lost; the reconnection must wake the worker.
      await queueMail(db(), {
        to: "meanwhile@example.test",
        subject: "Meanwhile",
        text: "1",
        html: "<p>1</p>",
      });
      await expect.poll(() => smtp.received.map((mail) => mail.to)).toEqual([["meanwhile@example.test"]]);
      await queueMail(db(), { to: "after@example.test", subject: "After", text: "2", html: "<p>2</p>" });
      await expect
        .poll(() => smtp.received.map((mail) => mail.to))
        .toEqual([["meanwhile@example.test"], ["after@example.test"]]);
      expect(log.mock.calls.some(([line]) => String(line).startsWith("mail listener lost"))).toBe(true);
    } finally {
      log.mockRestore();
    }
  });

  it("keeps a mail while SMTP is down, retries with growing waits and delivers it once when it is back", async () => {
    const port = await freePort();
    const url = `smtp://127.0.0.1:${port}`;
    await startWorker(workerConfig(url, { retryBaseSeconds: 0.5, retryMaxSeconds: 2, maxAttempts: 30 }));
    await queueMail(db(), {
      to: "down@example.test",
      subject: "While down",
      text: "Still here.",
      html: "<p>Still here.</p>",
    });

    // Nothing listens: attempts fail and the row waits for its next one, further away each time.
    await expect.poll(async () => (await outboxRow("down@example.test")).attempts).toBeGreaterThanOrEqual(3);
    const waiting = await outboxRow("down@example.test");
    expect(waiting.state).toBe("queued");
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);
    // Waits of 0.5, 1, 2, 2 ... s: in 4 s at most ~5 attempts (a round every 0.5 s without back-off would make 8+).
    const before = waiting.attempts;
    await sleep(BACK_OFF_WINDOW_MS);
    const after = (await outboxRow("down@example.test")).attempts;
    expect(after - before).toBeLessThanOrEqual(3);

    const smtp = await smtpServer({ port });
    await expect.poll(async () => (await outboxRow("down@example.test")).state).toBe("sent");
    await sleep(NOTHING_MORE_WITHIN_MS);
    expect(smtp.received.map((mail) => mail.subject)).toEqual(["While down"]);
    expect(smtp.received[0]!.text).toContain("Still here.");
  });

  it("retries a mail the SMTP server refuses with 451 and delivers it once it accepts", async () => {
    let refusals = 2;
    const smtp = await smtpServer({ refuse: () => refusals-- > 0 });
    await startWorker(workerConfig(smtp.url));
    await queueMail(db(), {
      to: "busy@example.test",
      subject: "Busy",
      text: "Try again.",
      html: "<p>Try again.</p>",
    });

    await expect.poll(async () => (await outboxRow("busy@example.test")).state).toBe("sent");
    const row = await outboxRow("busy@example.test");
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBeNull();
    await sleep(NOTHING_MORE_WITHIN_MS);
    expect(smtp.received.map((mail) => mail.to)).toEqual([["busy@example.test"]]);
  });

  it("gives a mail up as `failed` after its last attempt, with the error kept", async () => {
    const port = await freePort();
    await startWorker(workerConfig(`smtp://127.0.0.1:${port}`, { maxAttempts: 2, retryBaseSeconds: 0.5 }));
    await queueMail(db(), { to: "never@example.test", subject: "Never", text: "-", html: "<p>-</p>" });
    await expect.poll(async () => (await outboxRow("never@example.test")).state).toBe("failed");
    const row = await outboxRow("never@example.test");
    expect(row.attempts).toBe(2);
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.sentAt).toBeNull();
  });

  it("never sends one mail twice with two workers on one database", async () => {
    const smtp = await smtpServer({ delayMs: 20 });
    await startWorker(workerConfig(smtp.url));
    await startWorker(workerConfig(smtp.url));
    // 30 mails in one transaction: both workers are woken by the same NOTIFYs at commit.
    await db().transaction(async (tx) => {
      for (let index = 0; index < 30; index++) {
        await queueMail(tx, {
          to: `pair-${index}@example.test`,
          subject: `Mail ${index}`,
          text: "-",
          html: "-",
        });
      }
    });
    // Thirty SMTP sessions, each step answered late: longer than one wait.
    await expect
      .poll(
        async () =>
          (await db().execute(sql`select count(*)::int as n from mail_outbox where state = 'sent'`)).rows[0],
        { timeout: 2 * WAIT_TIMEOUT_MS },
      )
      .toEqual({ n: 30 });
    await sleep(NOTHING_MORE_WITHIN_MS);
    const subjects = smtp.received.map((mail) => mail.subject).sort();
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
    const attempts = await db().execute(sql`select max(attempts)::int as most from mail_outbox`);
    expect(attempts.rows[0]).toEqual({ most: 1 });
  });

  it("hands each due mail to one claim when two claim at the same moment", async () => {
    for (let index = 0; index < 20; index++) {
      await queueMail(db(), {
        to: `claim-${index}@example.test`,
        subject: `Claim ${index}`,
        text: "-",
        html: "-",
      });
    }
    const other = connect(process.env.DATABASE_URL!, 2);
    try {
      const claims = await Promise.all([
        claimDueMail(db(), 20),
        claimDueMail(other.db, 20),
        claimDueMail(db(), 20),
        claimDueMail(other.db, 20),
      ]);
      const ids = claims.flat().map((mail) => mail.id);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
    } finally {
      await other.pool.end();
    }
  });
});

describe("the outbox's retention (product rules 6.7)", () => {
  /** Writes a mail to `to` in `state`, `daysAgo` days old. */
  async function storedMail(to: string, state: "local" | "queued" | "sent" | "failed", daysAgo: number) {
    await db().execute(sql`
      insert into mail_outbox ("to", subject, text, html, state, created_at, sent_at)
      values (${to}, 'Old news', 'text', '<p>html</p>', ${state}, now() - make_interval(days => ${daysAgo}),
        case when ${state} = 'sent' then now() - make_interval(days => ${daysAgo}) end)`);
  }
  const addresses = async () =>
    (await db().select({ to: mailOutbox.to }).from(mailOutbox)).map((row) => row.to).sort();

  it("deletes delivered and abandoned mail past the retention, and never mail still waiting to go out", async () => {
    await storedMail("sent-old@example.test", "sent", 31);
    await storedMail("failed-old@example.test", "failed", 45);
    await storedMail("queued-old@example.test", "queued", 60);
    await storedMail("local-old@example.test", "local", 60);
    await storedMail("sent-recent@example.test", "sent", 29);
    expect(await pruneOutbox(db(), 30)).toBe(2);
    expect(await addresses()).toEqual([
      "local-old@example.test",
      "queued-old@example.test",
      "sent-recent@example.test",
    ]);
    expect(await pruneOutbox(db(), 30)).toBe(0);
  });

  it("takes a bounded batch each time, oldest first", async () => {
    await db().execute(sql`
      insert into mail_outbox ("to", subject, text, html, state, created_at)
      select 'bulk-' || n || '@example.test', 'Old news', 'text', '<p>html</p>', 'sent',
        now() - make_interval(days => 40) - make_interval(secs => n)
      from generate_series(1, ${PRUNE_BATCH + 5}) as n`);
    expect(await pruneOutbox(db(), 30)).toBe(PRUNE_BATCH);
    // The oldest went first: what is left are the five newest.
    expect(await addresses()).toEqual([
      "bulk-1@example.test",
      "bulk-2@example.test",
      "bulk-3@example.test",
      "bulk-4@example.test",
      "bulk-5@example.test",
    ]);
    expect(await pruneOutbox(db(), 30)).toBe(5);
  });

  it("is done by the mail worker's rounds", async () => {
    const smtp = await smtpServer();
    await storedMail("sent-old@example.test", "sent", 31);
    await storedMail("sent-recent@example.test", "sent", 1);
    await startWorker(workerConfig(smtp.url));
    await expect
      .poll(addresses, { timeout: WAIT_TIMEOUT_MS, interval: 100 })
      .toEqual(["sent-recent@example.test"]);
  });
});

describe("mailRetryDelaySeconds", () => {
  it("doubles from the base and stops at the cap", () => {
    const policy = { retryBaseSeconds: 30, retryMaxSeconds: 3600 };
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempts) => mailRetryDelaySeconds(attempts, policy))).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600, 3600,
    ]);
  });
});
