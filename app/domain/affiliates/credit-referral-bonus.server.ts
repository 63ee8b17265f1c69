import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { referrals, transactions, users } from "../../db/schema.ts";
import { readSettings } from "../settings/read-settings.server.ts";
import { BONUS_LABELS, REFERRAL_BONUS_KIND_PREFIX } from "../wallet/bonus-kinds.ts";
import { postLedgerEntry } from "../wallet/post-ledger-entry.server.ts";

export type ReferralBonusResult =
  | { credited: true; affiliateId: string; amountCents: number }
  | {
      credited: false;
      reason: "not_referred" | "not_first_deposit" | "none_configured" | "already_credited";
    };

/**
 * The referral bonus (product rules 16.13): when a referred customer's first deposit is credited, their referrer's
 * wallet gets the settings' `referralBonusCents`, once per referred customer. Called inside the deposit's own
 * transaction, after its ledger row, so the bonus commits or rolls back with the credit. The referrer's wallet row
 * is locked before the check, so two first deposits credited at once pay once; the wallet's unique bonus kind
 * (`referral:<referred user>`) refuses a second row whatever happens above. Lock order: the deposit, the
 * referred customer's wallet, then the referrer's, who signed up earlier (a referral never points the other way).
 */
export async function creditReferralBonus(
  tx: Executor,
  referredUserId: string,
): Promise<ReferralBonusResult> {
  const [referral] = await tx
    .select({ affiliateId: referrals.affiliateId })
    .from(referrals)
    .where(eq(referrals.referredUserId, referredUserId));
  if (!referral) return { credited: false, reason: "not_referred" };
  const deposits = await tx.$count(
    transactions,
    and(eq(transactions.userId, referredUserId), eq(transactions.type, "deposit")),
  );
  if (deposits !== 1) return { credited: false, reason: "not_first_deposit" };
  const { referralBonusCents } = await readSettings(tx);
  if (referralBonusCents <= 0) return { credited: false, reason: "none_configured" };

  const kind = `${REFERRAL_BONUS_KIND_PREFIX}${referredUserId}`;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, referral.affiliateId)).for("update");
  const paid = await tx.$count(
    transactions,
    and(
      eq(transactions.userId, referral.affiliateId),
      eq(transactions.type, "bonus"),
      sql`${transactions.metadata} ->> 'kind' = ${kind}`,
    ),
  );
  if (paid > 0) return { credited: false, reason: "already_credited" };
  const posted = await postLedgerEntry(tx, {
    userId: referral.affiliateId,
    type: "bonus",
    amountCents: referralBonusCents,
    metadata: { kind, reason: BONUS_LABELS.referral, referred_user_id: referredUserId },
  });
  if (!posted.posted) throw new Error(`The referral bonus for ${referredUserId} was not credited`);
  return { credited: true, affiliateId: referral.affiliateId, amountCents: referralBonusCents };
}
