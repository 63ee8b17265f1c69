/**
 * Waits before reopening a dropped connection (spec: realtime reconnect delays 1, 2, 5, 10 s; then every 10 s):
 * the browser's live stream and the servers' LISTEN connections alike.
 */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
