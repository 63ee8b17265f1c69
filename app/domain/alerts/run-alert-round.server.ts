import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { raiseBalanceAlerts } from "./balance-alerts.server.ts";
import { type DigestAnswer, sendAlertDigest } from "./send-alert-digest.server.ts";
import { raiseSubmissionAlerts } from "./submission-alerts.server.ts";
import { raiseSyncPauseAlerts } from "./sync-pause-alerts.server.ts";
import { resolveAnsweredTicketAlerts } from "./ticket-alerts.server.ts";

export type AlertRound = { submissions: number; balances: number; syncPauses: number; digest: DigestAnswer };

/**
 * One alert round (product rules 14.20-14.25): reads what is wrong now (failing or held submissions, balances below
 * their thresholds, services a sync paused), raises what is new and ends what is over, in one transaction under a
 * lock so two rounds never interleave; then, with a digest, sends the day's when it is due. Cheap when nothing is
 * wrong: each read goes through a small partial index.
 */
export async function runAlertRound(
  db: Database,
  input: { now: Date; digestHourUtc: number },
): Promise<AlertRound> {
  const raised = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('boostly.alert-round'))`);
    const submissions = await raiseSubmissionAlerts(tx);
    const balances = await raiseBalanceAlerts(tx);
    const syncPauses = await raiseSyncPauseAlerts(tx);
    await resolveAnsweredTicketAlerts(tx);
    return { submissions, balances, syncPauses };
  });
  return { ...raised, digest: await sendAlertDigest(db, input) };
}
