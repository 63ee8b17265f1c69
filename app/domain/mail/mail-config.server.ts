import { z } from "zod";
import { env, parseEnvironment } from "../../lib/env.server.ts";

const seconds = (fallback: number) => z.coerce.number().positive().max(86_400).default(fallback);

const schema = z.object({
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_RETRY_BASE_SECONDS: seconds(30),
  MAIL_RETRY_MAX_SECONDS: seconds(3600),
  MAIL_TICK_SECONDS: seconds(5),
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
});

export type MailConfig = {
  /** Unset: no mail worker; mail stays in the local outbox (/dev/mailbox). */
  smtpUrl: string | undefined;
  from: string;
  /** Attempts at delivering one mail before it is `failed` (and logged). */
  maxAttempts: number;
  /** Wait after the first failed attempt, doubled after each further one up to `retryMaxSeconds`. */
  retryBaseSeconds: number;
  retryMaxSeconds: number;
  /** How often a worker looks for retries that came due (a fresh mail goes out on its NOTIFY). */
  tickSeconds: number;
  /** Delivered and abandoned mail is deleted this many days after it was written (product rules 6.7). */
  retentionDays: number;
};

/** The mail worker's settings from the environment (docs/configuration.md). */
export function readMailConfig(source?: NodeJS.ProcessEnv): MailConfig {
  const raw = parseEnvironment(schema, source);
  return {
    // The server's own settings (validated once with the rest of the environment): one reading, one default.
    smtpUrl: env().smtpUrl,
    from: env().mailFrom,
    maxAttempts: raw.MAIL_MAX_ATTEMPTS,
    retryBaseSeconds: raw.MAIL_RETRY_BASE_SECONDS,
    retryMaxSeconds: Math.max(raw.MAIL_RETRY_MAX_SECONDS, raw.MAIL_RETRY_BASE_SECONDS),
    tickSeconds: raw.MAIL_TICK_SECONDS,
    retentionDays: raw.MAIL_RETENTION_DAYS,
  };
}
