import type { Executor } from "../../db/client.server.ts";
import { hitRateLimit, type RateLimitRule } from "../security/rate-limit.server.ts";
import { type Mail, queueMail } from "./queue-mail.server.ts";

/**
 * Account mails (confirmation and reset links) one address receives per hour, before RATE_LIMIT_MULTIPLIER. Past
 * it, a request still gets its usual answer, but no further mail is queued: a stranger cannot flood a mailbox,
 * and cannot lock the owner out either, since the links already sent stay valid (docs/decisions/016).
 */
export const ACCOUNT_MAIL_CAP: RateLimitRule = { limit: 5, windowSeconds: 60 * 60 };

/** Queues a confirmation or reset mail unless its address has had its hour's share; true when queued. */
export async function queueAccountMail(db: Executor, mail: Mail): Promise<boolean> {
  const within = await hitRateLimit(db, `account-mail:${mail.to.trim().toLowerCase()}`, ACCOUNT_MAIL_CAP);
  if (!within.allowed) return false;
  await queueMail(db, mail);
  return true;
}
