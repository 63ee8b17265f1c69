import type { Database } from "../../db/client.server.ts";
import {
  pruneExpiredSessions,
  pruneExpiredVerifications,
} from "../accounts/prune-expired-sessions.server.ts";
import { settleAnalyticsDays } from "../analytics/settle-analytics-days.server.ts";
import { pruneRateLimits } from "../security/prune-rate-limits.server.ts";
import type { RetentionConfig } from "./retention-config.server.ts";

/** What one round deleted, table by table, and the analytics days it settled. */
export type RetentionReport = {
  rateLimits: number;
  analyticsEvents: number;
  analyticsDays: number;
  sessions: number;
  verifications: number;
};

/**
 * Runs `prune` (one batch per call) until a batch comes back short, `maxBatches` ran or the round is stopped; the
 * rows deleted.
 */
async function inBatches(
  config: RetentionConfig,
  signal: AbortSignal | undefined,
  prune: () => Promise<number>,
): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < config.maxBatches && !signal?.aborted; batch++) {
    const count = await prune();
    deleted += count;
    if (count < config.batchRows) break;
  }
  return deleted;
}

/**
 * One retention round (product rules 17.10-17.17): each growing table's rule, run by the area that owns the table,
 * in batches of `batchRows` rows, each its own short statement outside any transaction, so no lock is held for
 * longer than one batch. Several processes may run rounds at once: a batch skips the rows another holds. A stopped
 * `signal` ends the round after its current batch.
 */
export async function runRetentionRound(
  db: Database,
  config: RetentionConfig,
  { now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {},
): Promise<RetentionReport> {
  const rateLimits = await inBatches(config, signal, () => pruneRateLimits(db, config.batchRows));
  const analytics = await settleAnalyticsDays(
    db,
    { rawDays: config.analyticsRawDays, batchSize: config.batchRows, maxBatches: config.maxBatches, signal },
    now,
  );
  const sessions = await inBatches(config, signal, () =>
    pruneExpiredSessions(db, config.sessionDays, config.batchRows),
  );
  const verifications = await inBatches(config, signal, () =>
    pruneExpiredVerifications(db, config.verificationDays, config.batchRows),
  );
  return {
    rateLimits,
    analyticsEvents: analytics.deleted,
    analyticsDays: analytics.days,
    sessions,
    verifications,
  };
}
