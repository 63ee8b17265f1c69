import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.server.ts";
import { deposits } from "../../db/schema.ts";
import { creditReferralBonus } from "../affiliates/credit-referral-bonus.server.ts";
import type { Cents } from "../pricing/cents.ts";
import { DEPOSIT_BONUS_KIND_PREFIX } from "../wallet/bonus-kinds.ts";
import { postLedgerEntry } from "../wallet/post-ledger-entry.server.ts";
import { queueDepositReceipt } from "./deposit-receipt.server.ts";
import { DEPOSIT_CURRENCY, type GatewayName } from "./gateway.ts";

/** How a deposit was paid, as its ledger row and the exports name it, by the gateway that took it. */
const LEDGER_PAYMENT_METHOD: Record<(typeof deposits.$inferSelect)["provider"], string> = {
  stripe: "card",
  sandbox: "sandbox",
  paypal: "paypal",
  btcpay: "crypto",
  manual: "manual",
};

export type CreditDepositInput = {
  depositId: string;
  /** The gateway's payment reference the verified event names. */
  providerReference: string;
  /** The verified gateway event that reported the payment. */
  eventId: string;
  /** The gateway whose signed event this is; it must be the one the deposit was started with. */
  provider: GatewayName;
  /** The amount and currency the gateway says it took; they must be the deposit's amount plus its fee, in USD. */
  paidAmountCents?: Cents | null;
  paidCurrency?: string | null;
};

/**
 * Credited, or why not: credited before (a redelivered event, nothing to do), paid after the deposit was closed
 * (failed or expired: money taken that a person must look at), or an event that does not match the deposit
 * (docs/decisions/057: recorded for an admin).
 */
export type CreditDepositResult =
  | { credited: true; amountCents: Cents; balanceCents: Cents; userId: string }
  | {
      credited: false;
      reason:
        | "already_settled"
        | "paid_after_closing"
        | "not_found"
        | "reference_mismatch"
        | "amount_mismatch"
        | "provider_mismatch";
    };

/**
 * Turns a paid deposit into wallet money, once: locks the deposit row, credits only a pending one (its own
 * amount, never one from a browser), marks it completed and writes the ledger row in the same transaction, with
 * the customer's receipt (product rules 6.6).
 * The unique index transactions_one_credit_per_deposit refuses a second credit even if this check were bypassed.
 */
export async function creditDeposit(db: Executor, input: CreditDepositInput): Promise<CreditDepositResult> {
  return db.transaction(async (tx) => {
    const [deposit] = await tx.select().from(deposits).where(eq(deposits.id, input.depositId)).for("update");
    if (!deposit) return { credited: false, reason: "not_found" };
    if (deposit.provider !== input.provider) return { credited: false, reason: "provider_mismatch" };
    if (deposit.status === "completed") return { credited: false, reason: "already_settled" };
    // Money taken for a deposit we had given up on needs a person: credit nothing, the event is kept for review.
    if (deposit.status !== "pending") return { credited: false, reason: "paid_after_closing" };
    // The reference is stored right after the checkout is created; an event racing ahead of that still matches.
    if (deposit.providerReference && deposit.providerReference !== input.providerReference) {
      return { credited: false, reason: "reference_mismatch" };
    }
    // A paid event must say what it took: the deposit's own amount and its gateway's fee, in US dollars.
    const amountDiffers =
      input.paidAmountCents !== deposit.amountCents + deposit.feeCents ||
      input.paidCurrency?.toLowerCase() !== DEPOSIT_CURRENCY;
    if (amountDiffers) return { credited: false, reason: "amount_mismatch" };

    await tx
      .update(deposits)
      .set({
        status: "completed",
        completedAt: sql`now()`,
        providerReference: input.providerReference,
        updatedAt: sql`now()`,
      })
      .where(eq(deposits.id, deposit.id));
    const entry = await postLedgerEntry(tx, {
      userId: deposit.userId,
      type: "deposit",
      amountCents: deposit.amountCents,
      depositId: deposit.id,
      paymentMethod: LEDGER_PAYMENT_METHOD[deposit.provider],
      paymentGatewayId: input.providerReference,
      metadata: { provider: deposit.provider, event_id: input.eventId },
    });
    // A credit cannot overdraw a wallet; anything else here is a broken invariant, so roll everything back.
    if (!entry.posted) throw new Error(`Deposit ${deposit.id} could not be credited`);
    // The gateway's bonus promised when the deposit was opened, its own row, once (product rules 16.39).
    let balanceCents = entry.balanceCents;
    if (deposit.bonusCents > 0) {
      const bonus = await postLedgerEntry(tx, {
        userId: deposit.userId,
        type: "bonus",
        amountCents: deposit.bonusCents,
        metadata: { kind: `${DEPOSIT_BONUS_KIND_PREFIX}${deposit.id}`, deposit_id: deposit.id },
      });
      if (!bonus.posted) throw new Error(`Deposit ${deposit.id}'s bonus could not be credited`);
      balanceCents = bonus.balanceCents;
    }
    // The referrer's bonus at a referred customer's first deposit, in this transaction (product rules 16.13).
    await creditReferralBonus(tx, deposit.userId);
    await queueDepositReceipt(tx, {
      userId: deposit.userId,
      amountCents: deposit.amountCents,
      balanceCents,
    });
    return {
      credited: true,
      amountCents: deposit.amountCents,
      balanceCents,
      userId: deposit.userId,
    };
  });
}
