import type { Database } from "../../db/client.server.ts";
import type { RetentionConfig } from "./retention-config.server.ts";
import { runRetentionRound } from "./run-retention-round.server.ts";

/**
 * Starts the retention round beside the workers, as the figures round is: a round at once, then every
 * `roundMinutes` (none at 0). Several processes may run it on one database (each batch skips rows another holds).
 * A round that fails is logged and the next one goes on where it stopped. Stopping ends a round after its current
 * batch. Returns how to stop it.
 */
export function startRetentionRound(db: Database, config: RetentionConfig): () => Promise<void> {
  if (config.roundMinutes === 0) return async () => {};
  let running: Promise<void> | null = null;
  const stopping = new AbortController();
  const round = () => {
    running ??= runRetentionRound(db, config, { signal: stopping.signal })
      .then(() => undefined)
      .catch((error: Error) => console.error(`retention round failed: ${error.stack ?? error}`))
      .finally(() => {
        running = null;
      });
  };
  round();
  const timer = setInterval(round, config.roundMinutes * 60_000);
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  };
}
