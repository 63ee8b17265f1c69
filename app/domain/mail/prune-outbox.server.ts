import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";

/** At most this many rows go per call, so one clean-up never holds the table long. */
export const PRUNE_BATCH = 1_000;

/**
 * Deletes delivered (`sent`) and abandoned (`failed`) mail written more than `retentionDays` ago, oldest first, at
 * most PRUNE_BATCH rows (product rules 6.7): the outbox would otherwise keep every mail's text and HTML forever.
 * Mail still queued is never touched. Returns how many rows went.
 */
export async function pruneOutbox(db: Executor, retentionDays: number): Promise<number> {
  const result = await db.execute(sql`
    delete from mail_outbox where id in (
      select id from mail_outbox
      where state in ('sent', 'failed') and created_at < now() - make_interval(days => ${retentionDays})
      order by created_at
      limit ${PRUNE_BATCH})`);
  return result.rowCount ?? 0;
}
