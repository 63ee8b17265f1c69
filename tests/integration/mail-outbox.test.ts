/**
 * Mail off the request path (docs/decisions/012): requests only write the outbox; the mail worker delivers over
 * SMTP to a real local SMTP server on the NOTIFY of each new mail, and two workers never send one mail twice; its
 * rounds prune the outbox. Retries while SMTP is down or refusing: mail-retries.test.ts. Real PostgreSQL (this
 * worker's database), a real SMTP server, nothing mocked.
 */
import "../support/worker-database.ts";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { connect, db } from "../../app/db/client.server.ts";
import { mailOutbox } from "../../app/db/schema.ts";
import { requestPasswordReset } from "../../app/domain/accounts/passwords.server.ts";
import { claimDueMail } from "../../app/domain/mail/deliver-mail.server.ts";
import { PRUNE_BATCH, pruneOutbox } from "../../app/domain/mail/prune-outbox.server.ts";
import { queueMail } from "../../app/domain/mail/queue-mail.server.ts";
import { WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { createUser } from "../support/factories.ts";
import { terminateListenerConnections } from "../support/listener-connections.ts";
import {
  mailWorkerTestKit,
  NOTHING_MORE_WITHIN_MS,
  outboxRow,
  sleep,
  workerConfig,
} from "../support/mail-worker.ts";
import { resetDatabase } from "../support/worker-database.ts";

const origin = "http://localhost:3000";
const { startWorker, smtpServer } = mailWorkerTestKit();
beforeEach(resetDatabase);

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
