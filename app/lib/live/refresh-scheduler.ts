/**
 * How long a live update waits for the rest of its burst (a worker's round changes many orders at once) before
 * the page's data is read, once for all of them (product rules 12.6).
 */
export const LIVE_GATHER_MS = 300;

export type RefreshScheduler = {
  /** A change the page shows arrived: read the page's data once the burst is over. */
  request(): void;
  /** Stops for good (the page unloads). */
  stop(): void;
};

/**
 * Coalesces live updates into few reads of the page's data: the first update of a burst waits `gatherMs` for the
 * others, one read runs at a time, and updates that arrive while it runs make one more read after it, never one
 * each. `onDue` hears whether a read is due or running (the page marks it, so a test can wait for it to end).
 */
export function scheduleRefreshes(
  refresh: () => Promise<void>,
  onDue: (due: boolean) => void = () => {},
  gatherMs: number = LIVE_GATHER_MS,
): RefreshScheduler {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let wanted = false;
  let stopped = false;

  const flush = () => {
    timer = undefined;
    if (stopped || !wanted) return;
    wanted = false;
    running = true;
    refresh()
      .catch(() => {})
      .finally(() => {
        running = false;
        if (stopped) return;
        if (wanted) timer = setTimeout(flush, gatherMs);
        else onDue(false);
      });
  };

  return {
    request() {
      if (stopped) return;
      wanted = true;
      onDue(true);
      if (timer === undefined && !running) timer = setTimeout(flush, gatherMs);
    },
    stop() {
      stopped = true;
      wanted = false;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      onDue(false);
    },
  };
}
