import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { affiliates, referralVisits } from "../../db/schema.ts";
import { checkRateLimits, type RateLimitRule } from "../security/rate-limit.server.ts";
import { readSettingsCached } from "../settings/read-settings.server.ts";
import { newReferralVisitorId, referralCookie } from "./referral-cookie.server.ts";

/**
 * New visitor ids one client address may start an hour: a client that drops the cookie cannot grow the visits
 * table (one row per visitor id) faster than this.
 */
export const NEW_REFERRAL_VISITORS_PER_ADDRESS: RateLimitRule = { limit: 30, windowSeconds: 60 * 60 };

export type ReferralVisit =
  | { counted: true; visitorId: string; setCookie: string }
  | {
      counted: false;
      reason: "unknown_code" | "earlier_visit" | "too_many_new_visitors";
      visitorId: string | null;
    };

/**
 * A visit through a referral link (docs/decisions/056). First touch: the visitor's cookie id (made here when the
 * browser has none) keeps the first affiliate whose link it came through until the attribution window ends; a
 * later link within the window changes nothing. A visit already turned into a sign-up is never moved. A counted
 * visit (re)sets the cookie for the whole window.
 */
export async function recordReferralVisit(
  db: Executor,
  input: { code: string; visitorId: string | null; clientIp: string | null },
): Promise<ReferralVisit> {
  const [affiliate] = await db
    .select({ userId: affiliates.userId })
    .from(affiliates)
    .where(eq(affiliates.code, input.code.trim().toLowerCase()));
  if (!affiliate) return { counted: false, reason: "unknown_code", visitorId: input.visitorId };
  if (!input.visitorId && input.clientIp) {
    const limited = await checkRateLimits(db, [
      { key: `referral:new-visitor:ip:${input.clientIp}`, rule: NEW_REFERRAL_VISITORS_PER_ADDRESS },
    ]);
    if (!limited.allowed) return { counted: false, reason: "too_many_new_visitors", visitorId: null };
  }
  const visitorId = input.visitorId ?? newReferralVisitorId();
  const { affiliateAttributionDays } = await readSettingsCached(db);
  const written = await db.execute(sql`
    insert into referral_visits (affiliate_id, visitor_id) values (${affiliate.userId}, ${visitorId})
    on conflict (visitor_id) do update set affiliate_id = excluded.affiliate_id, created_at = now()
    where ${referralVisits.createdAt} < now() - make_interval(days => ${affiliateAttributionDays})
      and not exists (select 1 from referrals where referrals.visit_id = ${referralVisits.id})
    returning id`);
  return written.rows.length > 0
    ? { counted: true, visitorId, setCookie: referralCookie(visitorId, affiliateAttributionDays) }
    : { counted: false, reason: "earlier_visit", visitorId };
}
