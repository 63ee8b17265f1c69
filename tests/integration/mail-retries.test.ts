/**
 * The mail worker's retries (docs/decisions/012): it keeps a mail while SMTP is down or refusing, retries with
 * growing waits, delivers it once when SMTP takes it, and gives it up after its last attempt. Delivery on the
 * NOTIFY and between two workers: mail-outbox.test.ts. Real PostgreSQL, a real SMTP server, nothing mocked.
 */
import "../support/worker-database.ts";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { queueMail } from "../../app/domain/mail/queue-mail.server.ts";
import { freePort } from "../support/free-port.ts";
import {
  mailWorkerTestKit,
  NOTHING_MORE_WITHIN_MS,
  outboxRow,
  sleep,
  workerConfig,
} from "../support/mail-worker.ts";
import { resetDatabase } from "../support/worker-database.ts";

const { startWorker, smtpServer } = mailWorkerTestKit();
beforeEach(resetDatabase);

/** The window in which attempts are counted to see the back-off: a fixed time by design, not a wait. */
const BACK_OFF_WINDOW_MS = 4_000;

describe("the mail worker", () => {
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
});
