import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { type Cents, centsFromSql } from "../pricing/cents.ts";

export type AdminReferral = {
  /** Who referred this customer, if anyone (product rules 16.3). */
  referredBy: { id: string; email: string } | null;
  /** This customer's own programme, if they ever opened their affiliate page. */
  affiliate: {
    code: string;
    visits: number;
    signUps: number;
    conversions: number;
    earnedCents: Cents;
    balanceCents: Cents;
  } | null;
};

/**
 * The referral part of a user's admin page (product rules 16.15): read only (it makes no code, unlike the
 * customer's own page, readAffiliateSummary).
 */
export async function readReferralForAdmin(db: Executor, userId: string): Promise<AdminReferral> {
  const result = await db.execute<{
    referrer_id: string | null;
    referrer_email: string | null;
    code: string | null;
    visits: string | null;
    sign_ups: string | null;
    conversions: string | null;
    earned: string | null;
    balance: string | null;
  }>(sql`
    select r.affiliate_id as referrer_id, ru.email as referrer_email, a.code,
      (select count(*) from referral_visits where affiliate_id = a.user_id) as visits,
      (select count(*) from referrals where affiliate_id = a.user_id) as sign_ups,
      (select count(distinct referred_user_id) from affiliate_ledger
        where affiliate_id = a.user_id and kind = 'commission') as conversions,
      (select coalesce(sum(amount_cents), 0) from affiliate_ledger
        where affiliate_id = a.user_id and kind in ('commission', 'reversal')) as earned,
      a.balance_cents as balance
    from (select ${userId}::uuid as id) u
    left join referrals r on r.referred_user_id = u.id
    left join users ru on ru.id = r.affiliate_id
    left join affiliates a on a.user_id = u.id`);
  const row = result.rows[0];
  return {
    referredBy:
      row?.referrer_id && row.referrer_email ? { id: row.referrer_id, email: row.referrer_email } : null,
    affiliate: row?.code
      ? {
          code: row.code,
          visits: Number(row.visits),
          signUps: Number(row.sign_ups),
          conversions: Number(row.conversions),
          earnedCents: centsFromSql(row.earned ?? 0),
          balanceCents: centsFromSql(row.balance ?? 0),
        }
      : null,
  };
}
