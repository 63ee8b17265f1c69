import { z } from "zod";
import { parseEnvironment } from "../../lib/env.server.ts";

const days = (fallback: number) => z.coerce.number().int().min(1).max(3650).default(fallback);

const schema = z.object({
  RETENTION_ROUND_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
  RETENTION_BATCH_ROWS: z.coerce.number().int().min(1).max(100_000).default(1_000),
  ANALYTICS_RAW_DAYS: days(90),
  SESSION_RETENTION_DAYS: days(30),
  VERIFICATION_RETENTION_DAYS: days(7),
});

/** The retention round's settings (docs/configuration.md, product rules 17.10-17.17). */
export type RetentionConfig = {
  /** Minutes between two rounds in each worker process; 0: no round. */
  roundMinutes: number;
  /** Rows one delete statement takes at most. */
  batchRows: number;
  /** The most delete statements one round runs per table; the next round goes on where it stopped. */
  maxBatches: number;
  /** Whole UTC days before today's whose analytics events are kept raw; older days keep only their figures. */
  analyticsRawDays: number;
  /** Days an expired session is kept (the sign-in throttle's known addresses), then deleted. */
  sessionDays: number;
  /** Days an expired confirmation or reset token is kept, then deleted. */
  verificationDays: number;
};

/** The most delete statements of one table in one round (a million rows at the default batch). */
export const RETENTION_MAX_BATCHES = 1_000;

/** The retention round's settings from the environment. */
export function readRetentionConfig(source?: NodeJS.ProcessEnv): RetentionConfig {
  const raw = parseEnvironment(schema, source);
  return {
    roundMinutes: raw.RETENTION_ROUND_MINUTES,
    batchRows: raw.RETENTION_BATCH_ROWS,
    maxBatches: RETENTION_MAX_BATCHES,
    analyticsRawDays: raw.ANALYTICS_RAW_DAYS,
    sessionDays: raw.SESSION_RETENTION_DAYS,
    verificationDays: raw.VERIFICATION_RETENTION_DAYS,
  };
}
