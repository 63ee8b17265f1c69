import { sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../../db/client.server.ts";
import { mailRetryDelaySeconds } from "./mail-back-off.ts";
import type { MailConfig } from "./mail-config.server.ts";

/**
 * How long a claimed mail is left to its worker before another may take it (a worker that died mid-send). Far
 * longer than the SMTP timeouts below allow a send to last, so a live worker's mail is never taken over.
 */
export const MAIL_LEASE_SECONDS = 300;
const CLAIM_BATCH = 5;

type ClaimedMail = { id: string; to: string; subject: string; text: string; html: string; attempts: number };

/** An SMTP transport for the worker, with timeouts that keep one send well within its lease. */
export function createMailTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}

/**
 * Claims up to `limit` queued mails that are due (FOR UPDATE SKIP LOCKED: two workers never take one row) and
 * counts the attempt; the row's next attempt moves past the lease, so only a worker that died leaves it to another.
 */
export async function claimDueMail(db: Database, limit = CLAIM_BATCH): Promise<ClaimedMail[]> {
  const result = await db.execute<ClaimedMail>(sql`update mail_outbox m
    set attempts = m.attempts + 1, next_attempt_at = now() + make_interval(secs => ${MAIL_LEASE_SECONDS})
    where m.id in (
      select id from mail_outbox
      where state = 'queued' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked)
    returning m.id, m."to", m.subject, m.text, m.html, m.attempts`);
  return result.rows;
}

/** Sends one claimed mail and records the outcome: `sent`, a retry after a back-off, or `failed` at the last attempt. */
export async function deliverClaimedMail(
  db: Database,
  transport: Transporter,
  config: MailConfig,
  mail: ClaimedMail,
): Promise<"sent" | "retry" | "failed"> {
  try {
    await transport.sendMail({
      from: config.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  } catch (error) {
    const message = (error as Error).message.slice(0, 1000);
    if (mail.attempts >= config.maxAttempts) {
      await db.execute(sql`update mail_outbox set state = 'failed', last_error = ${message}
        where id = ${mail.id} and state = 'queued'`);
      console.error(`mail ${mail.id} failed after ${mail.attempts} attempts, given up: ${message}`);
      return "failed";
    }
    const delay = mailRetryDelaySeconds(mail.attempts, config);
    await db.execute(sql`update mail_outbox
      set last_error = ${message}, next_attempt_at = now() + make_interval(secs => ${delay})
      where id = ${mail.id} and state = 'queued'`);
    console.warn(`mail ${mail.id} attempt ${mail.attempts} failed, next in ${delay} s: ${message}`);
    return "retry";
  }
  await db.execute(sql`update mail_outbox set state = 'sent', sent_at = now(), last_error = null
    where id = ${mail.id} and state = 'queued'`);
  return "sent";
}

/** Delivers every mail that is due, a small batch at a time, until none is left; returns how many went out. */
export async function deliverDueMail(
  db: Database,
  transport: Transporter,
  config: MailConfig,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await claimDueMail(db);
    if (batch.length === 0) return sent;
    const outcomes = await Promise.all(batch.map((mail) => deliverClaimedMail(db, transport, config, mail)));
    sent += outcomes.filter((outcome) => outcome === "sent").length;
  }
}
