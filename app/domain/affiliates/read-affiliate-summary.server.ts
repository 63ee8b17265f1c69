import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { affiliatePayouts } from "../../db/schema.ts";
import { type Cents, centsFromSql } from "../pricing/cents.ts";
import { affiliateCodeOf } from "./affiliate-code.server.ts";

/** Payouts the affiliate page lists, newest first. */
const PAYOUTS_SHOWN = 20;

export type AffiliateSummary = {
  code: string;
  /** The link's path; the page puts the shop's address before it. */
  linkPath: string;
  /** Browsers whose first touch within or after the window is this affiliate's link. */
  visits: number;
  signUps: number;
  /** Referred customers with at least one paid order. */
  conversions: number;
  /** Commission net of reversals, before payouts. */
  earnedCents: Cents;
  /** What refunds took back of commission earned (a positive amount). */
  reversedCents: Cents;
  paidOutCents: Cents;
  balanceCents: Cents;
  payouts: {
    id: string;
    amountCents: Cents;
    status: "requested" | "paid" | "rejected";
    method: "wallet" | "elsewhere" | null;
    reference: string | null;
    requestedAt: Date;
    decidedAt: Date | null;
  }[];
};

/** What a customer's affiliate page shows (docs/decisions/056); asking for it makes their code. */
export async function readAffiliateSummary(db: Executor, userId: string): Promise<AffiliateSummary> {
  const code = await affiliateCodeOf(db, userId);
  const result = await db.execute<{
    visits: string;
    sign_ups: string;
    conversions: string;
    earned: string;
    reversed: string;
    paid_out: string;
    balance: string;
  }>(sql`
    select
      (select count(*) from referral_visits where affiliate_id = a.user_id) as visits,
      (select count(*) from referrals where affiliate_id = a.user_id) as sign_ups,
      (select count(distinct referred_user_id) from affiliate_ledger
        where affiliate_id = a.user_id and kind = 'commission') as conversions,
      (select coalesce(sum(amount_cents), 0) from affiliate_ledger
        where affiliate_id = a.user_id and kind in ('commission', 'reversal')) as earned,
      (select coalesce(-sum(amount_cents), 0) from affiliate_ledger
        where affiliate_id = a.user_id and kind = 'reversal') as reversed,
      (select coalesce(-sum(amount_cents), 0) from affiliate_ledger
        where affiliate_id = a.user_id and kind = 'payout') as paid_out,
      a.balance_cents as balance
    from affiliates a where a.user_id = ${userId}`);
  const row = result.rows[0];
  if (!row) throw new Error(`No affiliate row for ${userId}`);
  const payouts = await db
    .select({
      id: affiliatePayouts.id,
      amountCents: affiliatePayouts.amountCents,
      status: affiliatePayouts.status,
      method: affiliatePayouts.method,
      reference: affiliatePayouts.reference,
      requestedAt: affiliatePayouts.requestedAt,
      decidedAt: affiliatePayouts.decidedAt,
    })
    .from(affiliatePayouts)
    .where(eq(affiliatePayouts.affiliateId, userId))
    .orderBy(desc(affiliatePayouts.requestedAt), desc(affiliatePayouts.id))
    .limit(PAYOUTS_SHOWN);
  return {
    code,
    linkPath: `/r/${code}`,
    visits: Number(row.visits),
    signUps: Number(row.sign_ups),
    conversions: Number(row.conversions),
    earnedCents: centsFromSql(row.earned),
    reversedCents: centsFromSql(row.reversed),
    paidOutCents: centsFromSql(row.paid_out),
    balanceCents: centsFromSql(row.balance),
    payouts,
  };
}
