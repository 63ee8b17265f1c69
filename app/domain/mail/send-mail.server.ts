import nodemailer, { type Transporter } from "nodemailer";
import type { Database } from "../../db/client.server.ts";
import { mailOutbox } from "../../db/schema.ts";
import { env } from "../../lib/env.server.ts";

export type Mail = { to: string; subject: string; text: string; html: string };

let transporter: Transporter | undefined;

/** Sends a mail over SMTP when SMTP_URL is set; otherwise keeps it in the local outbox (/dev/mailbox). */
export async function sendMail(db: Database, mail: Mail): Promise<void> {
  const config = env();
  if (config.smtpUrl) {
    transporter ??= nodemailer.createTransport(config.smtpUrl);
    await transporter.sendMail({ from: config.mailFrom, ...mail });
    return;
  }
  await db.insert(mailOutbox).values({ ...mail, to: mail.to.toLowerCase() });
}
