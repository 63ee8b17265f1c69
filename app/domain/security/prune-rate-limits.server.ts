import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";

/**
 * The longest window any rule counted before rows noted their end (drizzle/0049): an hour (sign-up, password reset,
 * the account-mail cap, the newsletter). Such a row's window has surely ended an hour after it started.
 */
const LEGACY_WINDOW = sql`interval '1 hour'`;

/**
 * Deletes up to `batchSize` rate-limit rows whose window has ended (product rules 17.11): they count nothing, since
 * the next hit on the key starts a new window at 1. One short statement; rows another round holds are skipped.
 * Returns how many rows went.
 */
export async function pruneRateLimits(db: Executor, batchSize: number): Promise<number> {
  const result = await db.execute(sql`
    delete from rate_limits where ctid = any(array(
      select ctid from rate_limits
      where coalesce(window_ends_at, window_started_at + ${LEGACY_WINDOW}) <= now()
      limit ${batchSize}
      for update skip locked))`);
  return result.rowCount ?? 0;
}
