import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";

/**
 * Deletes up to `batchSize` sessions that expired more than `keepDays` ago (product rules 17.14), with what ends with
 * them (a staff view, a fresh-code confirmation). An expired session signs nobody in; it is kept that long only so
 * the sign-in throttle still knows the addresses its account signed in from (decisions/013). Returns how many went.
 */
export async function pruneExpiredSessions(
  db: Executor,
  keepDays: number,
  batchSize: number,
): Promise<number> {
  const result = await db.execute(sql`
    delete from sessions where ctid = any(array(
      select ctid from sessions
      where expires_at < now() - make_interval(days => ${keepDays})
      limit ${batchSize}
      for update skip locked))`);
  return result.rowCount ?? 0;
}

/**
 * Deletes up to `batchSize` one-time tokens (e-mail confirmation, password reset) that expired more than `keepDays`
 * ago (product rules 17.14): an expired link is refused whether or not its row is still there. Returns how many went.
 */
export async function pruneExpiredVerifications(
  db: Executor,
  keepDays: number,
  batchSize: number,
): Promise<number> {
  const result = await db.execute(sql`
    delete from verifications where ctid = any(array(
      select ctid from verifications
      where expires_at < now() - make_interval(days => ${keepDays})
      limit ${batchSize}
      for update skip locked))`);
  return result.rowCount ?? 0;
}
