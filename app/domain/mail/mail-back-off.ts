/**
 * Seconds before the next delivery attempt after `attempts` failed ones: the base, then doubled each time, capped
 * (30 s, 1 min, 2 min ... 1 h by default), so a short SMTP outage costs little and a long one is not hammered.
 */
export function mailRetryDelaySeconds(
  attempts: number,
  policy: { retryBaseSeconds: number; retryMaxSeconds: number },
): number {
  return Math.min(policy.retryBaseSeconds * 2 ** Math.max(attempts - 1, 0), policy.retryMaxSeconds);
}
