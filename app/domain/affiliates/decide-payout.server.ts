import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server.ts";
import { affiliateLedger, affiliatePayouts, affiliates, users } from "../../db/schema.ts";
import { recordAdminAction } from "../audit/record-admin-action.server.ts";
import { cents } from "../pricing/cents.ts";
import { type Refusal, refuse } from "../refusal.ts";
import { AFFILIATE_PAYOUT_KIND_PREFIX } from "../wallet/bonus-kinds.ts";
import { postLedgerEntry } from "../wallet/post-ledger-entry.server.ts";
import { PAYOUT_TEXT } from "./payout-text.ts";

export type PayoutDecision =
  | { payoutId: string; adminId: string; pay: "wallet" }
  | { payoutId: string; adminId: string; pay: "elsewhere"; reference: string }
  | { payoutId: string; adminId: string; reject: string };

export type DecidedPayout = { ok: true; status: "paid" | "rejected"; amountCents: number } | Refusal;

/**
 * An admin's answer to a payout request (docs/decisions/056): paid into the affiliate's shop wallet at once (a
 * `bonus` ledger row, kind affiliate_payout:<id>), paid elsewhere with its reference, or rejected with a reason.
 * A payment writes the affiliate ledger's payout row (unique per request) and moves both balances in one
 * transaction; a request is answered once. Lock order as every money write: the request, the wallet, then the
 * affiliate balance (the commission trigger takes the wallet before the affiliate too).
 */
export async function decidePayout(db: Database, decision: PayoutDecision): Promise<DecidedPayout> {
  if ("reject" in decision && !decision.reject.trim())
    return refuse("invalid", PAYOUT_TEXT.reasonRequired, { field: "reason" });
  if ("pay" in decision && decision.pay === "elsewhere" && !decision.reference.trim())
    return refuse("invalid", PAYOUT_TEXT.referenceRequired, { field: "reference" });
  return db.transaction(async (tx) => {
    const [payout] = await tx
      .select()
      .from(affiliatePayouts)
      .where(eq(affiliatePayouts.id, decision.payoutId))
      .for("update");
    if (!payout) return refuse("not_found", PAYOUT_TEXT.notFound);
    if (payout.status !== "requested") return refuse("conflict", PAYOUT_TEXT.alreadyDecided);
    const audit = { adminId: decision.adminId, subjectType: "user", subjectId: payout.affiliateId };

    if ("reject" in decision) {
      await tx
        .update(affiliatePayouts)
        .set({
          status: "rejected",
          reference: decision.reject.trim(),
          adminId: decision.adminId,
          decidedAt: sql`now()`,
        })
        .where(eq(affiliatePayouts.id, payout.id));
      await recordAdminAction(tx, {
        ...audit,
        action: "affiliate.payout_reject",
        details: { payout_id: payout.id, amount_cents: payout.amountCents, reason: decision.reject.trim() },
      });
      return { ok: true as const, status: "rejected" as const, amountCents: payout.amountCents };
    }

    await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, payout.affiliateId))
      .for("no key update");
    const [affiliate] = await tx
      .select({ balanceCents: affiliates.balanceCents })
      .from(affiliates)
      .where(eq(affiliates.userId, payout.affiliateId))
      .for("update");
    if (!affiliate || affiliate.balanceCents < payout.amountCents)
      return refuse("conflict", PAYOUT_TEXT.balanceFell, { code: "balance_fell" });
    await tx.insert(affiliateLedger).values({
      affiliateId: payout.affiliateId,
      kind: "payout",
      amountCents: cents(-payout.amountCents),
      payoutId: payout.id,
    });
    await tx
      .update(affiliates)
      .set({ balanceCents: sql`${affiliates.balanceCents} - ${payout.amountCents}` })
      .where(eq(affiliates.userId, payout.affiliateId));
    const reference = decision.pay === "elsewhere" ? decision.reference.trim() : null;
    if (decision.pay === "wallet") {
      const credited = await postLedgerEntry(tx, {
        userId: payout.affiliateId,
        type: "bonus",
        amountCents: payout.amountCents,
        adminId: decision.adminId,
        metadata: {
          kind: `${AFFILIATE_PAYOUT_KIND_PREFIX}${payout.id}`,
          reason: PAYOUT_TEXT.walletReason,
          payout_id: payout.id,
        },
      });
      if (!credited.posted) throw new Error(`Affiliate payout ${payout.id} was not credited`);
    }
    await tx
      .update(affiliatePayouts)
      .set({
        status: "paid",
        method: decision.pay,
        reference,
        adminId: decision.adminId,
        decidedAt: sql`now()`,
      })
      .where(eq(affiliatePayouts.id, payout.id));
    await recordAdminAction(tx, {
      ...audit,
      action: "affiliate.payout_paid",
      details: { payout_id: payout.id, amount_cents: payout.amountCents, method: decision.pay, reference },
    });
    return { ok: true as const, status: "paid" as const, amountCents: payout.amountCents };
  });
}
