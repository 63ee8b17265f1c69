/** Attempts at submitting one order before it is given up (and refunded) or held for an admin. */
export const MAX_SUBMIT_ATTEMPTS = 6;

/**
 * Seconds to wait before the next attempt after `attempts` failed ones: 15 s, 30 s, 1 min, 2 min ... capped at
 * 30 min, so a provider that is down for a while is not hammered and a short blip costs little.
 */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(15 * 2 ** Math.max(attempts - 1, 0), 30 * 60);
}

/**
 * Seconds before sending again a request that never reached the provider (it was down or unreachable): a quarter
 * of how long the submission has waited, between 5 s and 2 min, so a short outage costs seconds and a long one
 * is not hammered.
 */
export function notSentRetrySeconds(waitingSince: Date, now = Date.now()): number {
  const waitedSeconds = Math.max(0, (now - waitingSince.getTime()) / 1000);
  return Math.round(Math.min(Math.max(waitedSeconds / 4, 5), 120));
}
