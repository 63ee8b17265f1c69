import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { deposits, referrals, settings, transactions } from "../../app/db/schema.ts";
import { affiliateCodeOf } from "../../app/domain/affiliates/affiliate-code.server.ts";
import { receivePaymentWebhook } from "../../app/domain/payments/receive-webhook.server.ts";
import { sandboxProvider } from "../../app/domain/payments/sandbox-provider.server.ts";
import { startDeposit } from "../../app/domain/payments/start-deposit.server.ts";
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxWebhookSecret,
  signWebhookBody,
} from "../../app/domain/payments/webhook-signature.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { listRecentTransactions } from "../../app/domain/wallet/list-transactions.server.ts";
import { TEST_AUTH_SECRET } from "../support/constants.ts";
import { balanceOf, createUser } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// The referral bonus (product rules 16.13): the referrer's wallet gets the settings' bonus when a customer they
// referred has a first deposit credited, once per referred customer, in the credit's own transaction. Through the
// signed deposit webhook, as a gateway delivers it.

beforeEach(resetDatabase);

/** A started sandbox deposit of the customer and the signed event that reports it paid. */
async function paidDepositEvent(userId: string, amountCents = 2_500) {
  const started = await startDeposit(db(), { userId, amountCents: cents(amountCents), returnPath: null });
  if (!started.ok) throw new Error(started.message);
  const [deposit] = await db().select().from(deposits).where(eq(deposits.id, started.depositId));
  return JSON.stringify({
    id: `evt_test_${randomUUID()}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: deposit!.providerReference,
        object: "checkout.session",
        amount_total: amountCents,
        currency: "usd",
        payment_status: "paid",
        metadata: { deposit_id: deposit!.id },
      },
    },
  });
}

function deliver(rawBody: string) {
  const signature = signWebhookBody(rawBody, sandboxWebhookSecret(TEST_AUTH_SECRET));
  return receivePaymentWebhook(
    db(),
    sandboxProvider(),
    rawBody,
    new Headers({ [SANDBOX_SIGNATURE_HEADER]: signature }),
  );
}

async function referredPair() {
  const referrer = await createUser();
  await affiliateCodeOf(db(), referrer.id);
  const customer = await createUser();
  await db().insert(referrals).values({ referredUserId: customer.id, affiliateId: referrer.id });
  return { referrer, customer };
}

async function bonusRows(userId: string) {
  return db()
    .select({ amountCents: transactions.amountCents, metadata: transactions.metadata })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, "bonus")));
}

describe("the referral bonus", () => {
  it("pays the referrer $2.50 once when the first deposit's event is replayed 20 times at once; a second deposit pays nothing", async () => {
    const { referrer, customer } = await referredPair();
    const event = await paidDepositEvent(customer.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    expect(answers.filter((answer) => answer.body.result === "credited")).toHaveLength(1);
    expect(await balanceOf(customer.id)).toBe(2_500);
    expect(await balanceOf(referrer.id)).toBe(250);
    expect(await bonusRows(referrer.id)).toEqual([
      {
        amountCents: 250,
        metadata: {
          kind: `referral:${customer.id}`,
          reason: "Referral bonus",
          referred_user_id: customer.id,
        },
      },
    ]);
    const [line] = await listRecentTransactions(db(), { userId: referrer.id, limit: 1 });
    expect(line?.description).toBe("Referral bonus");

    await deliver(await paidDepositEvent(customer.id, 1_000));
    expect(await balanceOf(customer.id)).toBe(3_500);
    expect(await balanceOf(referrer.id)).toBe(250);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("pays once when two first deposits of one customer are credited at the same time", async () => {
    const { referrer, customer } = await referredPair();
    const events = [await paidDepositEvent(customer.id), await paidDepositEvent(customer.id, 1_500)];
    await Promise.all([...events, ...events].map(deliver));
    expect(await balanceOf(customer.id)).toBe(4_000);
    expect(await bonusRows(referrer.id)).toHaveLength(1);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("pays the saved amount, per referred customer, nothing for a customer nobody referred, and nothing at $0", async () => {
    const { referrer, customer } = await referredPair();
    await db().insert(settings).values({ key: "referralBonusCents", value: 400 });
    const second = await createUser();
    await db().insert(referrals).values({ referredUserId: second.id, affiliateId: referrer.id });
    await deliver(await paidDepositEvent(customer.id));
    await deliver(await paidDepositEvent(second.id));
    expect(await balanceOf(referrer.id)).toBe(800);

    const nobodys = await createUser();
    await deliver(await paidDepositEvent(nobodys.id));
    expect(await bonusRows(nobodys.id)).toEqual([]);

    await db().update(settings).set({ value: 0 }).where(eq(settings.key, "referralBonusCents"));
    const third = await createUser();
    await db().insert(referrals).values({ referredUserId: third.id, affiliateId: referrer.id });
    await deliver(await paidDepositEvent(third.id));
    expect(await balanceOf(third.id)).toBe(2_500);
    expect(await balanceOf(referrer.id)).toBe(800);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });
});
