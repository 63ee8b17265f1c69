/**
 * Whether this process was told to stop (SIGINT, SIGTERM). From then on a lost database connection is the stop's
 * own doing, not news: Ctrl-C in a terminal reaches the embedded PostgreSQL too, which ends every connection while
 * the workers are still being stopped in order. Set by the process's signal handler (server/main.ts,
 * server/worker.ts); read by what would otherwise report such a loss.
 */
let requested = false;

export function noteShutdownRequested(): void {
  requested = true;
}

export function shutdownRequested(): boolean {
  return requested;
}
