/** Attempts at submitting one order before it is given up (and refunded) or held for an admin. */
export const MAX_SUBMIT_ATTEMPTS = 6;

/**
 * Seconds to wait before the next attempt after `attempts` failed ones: 15 s, 30 s, 1 min, 2 min ... capped at
 * 30 min, so a provider that is down for a while is not hammered and a short blip costs little.
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(15 * 2 ** Math.max(attempts - 1, 0), 30 * 60);
}
