import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";

/**
 * Deletes up to `batchSize` rows of `table` that expired more than `keepDays` ago, skipping rows another round holds;
 * returns how many went. Sessions and one-time tokens share the shape (an `expires_at` each) and this one statement.
 */
async function pruneExpired(
  db: Executor,
  table: "sessions" | "verifications",
  keepDays: number,
  batchSize: number,
): Promise<number> {
  const result = await db.execute(sql`
    delete from ${sql.identifier(table)} where ctid = any(array(
      select ctid from ${sql.identifier(table)}
      where expires_at < now() - make_interval(days => ${keepDays})
      limit ${batchSize}
      for update skip locked))`);
  return result.rowCount ?? 0;
}

/**
 * Sessions that expired more than `keepDays` ago (product rules 17.14), with what ends with them (a staff view, a
 * fresh-code confirmation). An expired session signs nobody in; it is kept that long only so the sign-in throttle
 * still knows the addresses its account signed in from (decisions/013).
 */
export function pruneExpiredSessions(db: Executor, keepDays: number, batchSize: number): Promise<number> {
  return pruneExpired(db, "sessions", keepDays, batchSize);
}

/**
 * One-time tokens (e-mail confirmation, password reset) that expired more than `keepDays` ago (product rules
 * 17.14): an expired link is refused whether or not its row is still there.
 */
export function pruneExpiredVerifications(
  db: Executor,
  keepDays: number,
  batchSize: number,
): Promise<number> {
  return pruneExpired(db, "verifications", keepDays, batchSize);
}
