import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { env } from "../../lib/env.server.ts";

export type Mail = { to: string; subject: string; text: string; html: string };

/** The channel the mail worker LISTENs on: a queued mail goes out as soon as its row commits. */
export const MAIL_QUEUED_CHANNEL = "mail_queued";

/**
 * Writes a mail to the outbox with the caller's handle (inside its transaction when it has one), never talking to
 * SMTP in the request (docs/decisions/012). With SMTP_URL the row is `queued` and a NOTIFY, delivered at commit,
 * wakes the mail worker; without it the row stays `local` for /dev/mailbox.
 */
export async function queueMail(db: Executor, mail: Mail): Promise<void> {
  const to = mail.to.toLowerCase();
  if (!env().smtpUrl) {
    await db.execute(sql`insert into mail_outbox ("to", subject, text, html, state)
      values (${to}, ${mail.subject}, ${mail.text}, ${mail.html}, 'local')`);
    return;
  }
  // One round trip: the insert and its NOTIFY (sent only if the row commits).
  await db.execute(sql`with queued as (
      insert into mail_outbox ("to", subject, text, html, state)
      values (${to}, ${mail.subject}, ${mail.text}, ${mail.html}, 'queued')
      returning id)
    select pg_notify(${MAIL_QUEUED_CHANNEL}, id::text) from queued`);
}
