import type { Executor } from "../../db/client.server.ts";
import { newsletterSubscribers } from "../../db/schema.ts";
import type { Refusal } from "../refusal.ts";
import { checkRateLimits, clientIp, rateLimitRefusal } from "../security/rate-limit.server.ts";

/** At most 10 sign-ups per client per hour, and 3 per address (repeats of one address answer alike). */
const NEWSLETTER_LIMITS = {
  perClient: { limit: 10, windowSeconds: 60 * 60 },
  perAddress: { limit: 3, windowSeconds: 60 * 60 },
};

/** Subscribed (or already on the list), or refused by the limit (`rate_limited`, docs/decisions/017). */
export type SubscribeResult = { ok: true } | Refusal;

/**
 * Adds an address (already lower-cased by newsletterSchema) to the newsletter once; a repeat changes nothing
 * and answers the same, so the box cannot tell anyone who is subscribed.
 */
export async function subscribeToNewsletter(
  db: Executor,
  request: Request,
  email: string,
): Promise<SubscribeResult> {
  const address = email.trim().toLowerCase();
  const ip = clientIp(request);
  const limited = await checkRateLimits(db, [
    ...(ip ? [{ key: `newsletter:ip:${ip}`, rule: NEWSLETTER_LIMITS.perClient }] : []),
    { key: `newsletter:email:${address}`, rule: NEWSLETTER_LIMITS.perAddress },
  ]);
  if (!limited.allowed) return rateLimitRefusal(limited);
  await db.insert(newsletterSubscribers).values({ email: address }).onConflictDoNothing({
    target: newsletterSubscribers.email,
  });
  return { ok: true };
}
