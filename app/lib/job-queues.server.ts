import { PgBoss } from "pg-boss";
import { z } from "zod";
import { parseEnvironment } from "./env.server.ts";

const schema = z.object({
  JOB_HISTORY_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
});

/** Hours a finished job stays in pg-boss's tables (JOB_HISTORY_HOURS, docs/configuration.md). */
export function jobHistoryHours(source?: NodeJS.ProcessEnv): number {
  return parseEnvironment(schema, source).JOB_HISTORY_HOURS;
}

/** A round offered every few seconds keeps at most this much history: thousands of jobs an hour say nothing more. */
export const FREQUENT_ROUND_HISTORY_SECONDS = 3600;

/** How often pg-boss deletes the jobs past their history (one instance does it for all, by a claim it keeps). */
export const JOB_MAINTENANCE_SECONDS = 5 * 60;

/**
 * A pg-boss instance of the workers, its upkeep set out rather than left to the library's defaults (product rules
 * 17.16): it supervises its queues and deletes finished jobs every JOB_MAINTENANCE_SECONDS (its default is once a
 * day), and keeps no warnings or queue statistics of its own in the database.
 */
export function newJobBoss(databaseUrl: string): PgBoss {
  return new PgBoss({
    connectionString: databaseUrl,
    max: 2,
    supervise: true,
    maintenanceIntervalSeconds: JOB_MAINTENANCE_SECONDS,
    persistWarnings: false,
    persistQueueStats: false,
  });
}

export type JobQueue = {
  /** How long one job may run before pg-boss takes it back. */
  expireInSeconds: number;
  /** How often the queue gets a job: a frequent round (a few seconds) keeps at most an hour of history. */
  everySeconds: number;
};

/**
 * Creates a queue of the workers, or sets the retention of one an earlier release created (pg-boss's createQueue
 * leaves an existing queue's options as they were): a job that ran is deleted JOB_HISTORY_HOURS after it finished,
 * one never started JOB_HISTORY_HOURS after it was offered, both at most FREQUENT_ROUND_HISTORY_SECONDS for a round
 * offered every minute or more often. No retry: each round or check comes again at its time.
 */
export async function openJobQueue(boss: PgBoss, name: string, queue: JobQueue): Promise<void> {
  const history = jobHistoryHours() * 3600;
  const keepSeconds = queue.everySeconds <= 60 ? Math.min(history, FREQUENT_ROUND_HISTORY_SECONDS) : history;
  const retention = { deleteAfterSeconds: keepSeconds, retentionSeconds: keepSeconds };
  await boss.createQueue(name, {
    policy: "standard",
    retryLimit: 0,
    expireInSeconds: queue.expireInSeconds,
    ...retention,
  });
  await boss.updateQueue(name, { expireInSeconds: queue.expireInSeconds, ...retention });
}
