import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { affiliates, referralVisits } from "../../db/schema.ts";
import { readSettingsCached } from "../settings/read-settings.server.ts";

export type ReferralVisit =
  | { counted: true; visitorId: string }
  | { counted: false; reason: "unknown_code" | "earlier_visit"; visitorId: string | null };

/**
 * A visit through a referral link (docs/decisions/056). First touch: the visitor's cookie id (made here when the
 * browser has none) keeps the first affiliate whose link it came through until the attribution window ends; a
 * later link within the window changes nothing. A visit already turned into a sign-up is never moved.
 */
export async function recordReferralVisit(
  db: Executor,
  input: { code: string; visitorId: string | null },
): Promise<ReferralVisit> {
  const [affiliate] = await db
    .select({ userId: affiliates.userId })
    .from(affiliates)
    .where(eq(affiliates.code, input.code.trim().toLowerCase()));
  if (!affiliate) return { counted: false, reason: "unknown_code", visitorId: input.visitorId };
  const visitorId = input.visitorId ?? randomUUID();
  const { affiliateAttributionDays } = await readSettingsCached(db);
  const written = await db.execute(sql`
    insert into referral_visits (affiliate_id, visitor_id) values (${affiliate.userId}, ${visitorId})
    on conflict (visitor_id) do update set affiliate_id = excluded.affiliate_id, created_at = now()
    where ${referralVisits.createdAt} < now() - make_interval(days => ${affiliateAttributionDays})
      and not exists (select 1 from referrals where referrals.visit_id = ${referralVisits.id})
    returning id`);
  return written.rows.length > 0
    ? { counted: true, visitorId }
    : { counted: false, reason: "earlier_visit", visitorId };
}
