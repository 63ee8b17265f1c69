import { and, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { affiliatePayouts, affiliates } from "../../db/schema.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { readSettings } from "../settings/read-settings.server.ts";
import { PAYOUT_TEXT } from "./payout-text.ts";

export type PayoutRequest = { ok: true; payoutId: string; amountCents: number } | Refusal;

/**
 * An affiliate asks to be paid their whole commission balance (docs/decisions/056): at least the settings'
 * minimum, one open request at a time, and one request per payout interval (weekly by default) unless the last
 * was rejected. The affiliate row's lock makes parallel asks one request.
 */
export async function requestPayout(db: Database, userId: string): Promise<PayoutRequest> {
  return db.transaction(async (tx) => {
    const settings = await readSettings(tx);
    const [affiliate] = await tx.select().from(affiliates).where(eq(affiliates.userId, userId)).for("update");
    if (!affiliate || affiliate.balanceCents <= 0) return refuse("conflict", PAYOUT_TEXT.noBalance);
    if (affiliate.balanceCents < settings.affiliateMinimumPayoutCents)
      return refuse("conflict", PAYOUT_TEXT.belowMinimum(settings.affiliateMinimumPayoutCents), {
        code: "below_minimum",
      });
    const open = await tx.$count(
      affiliatePayouts,
      and(eq(affiliatePayouts.affiliateId, userId), eq(affiliatePayouts.status, "requested")),
    );
    if (open > 0) return refuse("conflict", PAYOUT_TEXT.alreadyRequested, { code: "already_requested" });
    const paidLately = await tx.$count(
      affiliatePayouts,
      and(
        eq(affiliatePayouts.affiliateId, userId),
        eq(affiliatePayouts.status, "paid"),
        gte(
          affiliatePayouts.requestedAt,
          sql`now() - make_interval(days => ${settings.affiliatePayoutIntervalDays})`,
        ),
      ),
    );
    if (paidLately > 0)
      return refuse("conflict", PAYOUT_TEXT.tooSoon(settings.affiliatePayoutIntervalDays), {
        code: "too_soon",
      });
    const [payout] = await tx
      .insert(affiliatePayouts)
      .values({ affiliateId: userId, amountCents: affiliate.balanceCents })
      .returning({ id: affiliatePayouts.id });
    if (!payout) throw new Error(`No payout request was written for ${userId}`);
    return { ok: true as const, payoutId: payout.id, amountCents: affiliate.balanceCents };
  });
}
