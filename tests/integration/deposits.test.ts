import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { deposits, paymentEvents, settings, transactions } from "../../app/db/schema.ts";
import { creditDeposit } from "../../app/domain/payments/credit-deposit.server.ts";
import { DEPOSIT_TEXT } from "../../app/domain/payments/messages.ts";
import { receivePaymentWebhook } from "../../app/domain/payments/receive-webhook.server.ts";
import { sandboxProvider } from "../../app/domain/payments/sandbox-provider.server.ts";
import { startDeposit } from "../../app/domain/payments/start-deposit.server.ts";
import { stripeProvider } from "../../app/domain/payments/stripe-provider.server.ts";
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxWebhookSecret,
  signWebhookBody,
} from "../../app/domain/payments/webhook-signature.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { settingDefaults } from "../../app/domain/settings/defaults.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { TEST_AUTH_SECRET } from "../support/constants.ts";
import { balanceOf, createUser, fundWallet } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

async function setSetting(key: keyof typeof settingDefaults, value: unknown) {
  await db()
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

afterEach(async () => {
  for (const key of ["minDepositCents", "maxDepositCents", "maintenanceMode"] as const) {
    await setSetting(key, settingDefaults[key]);
  }
  expect(await findLedgerMismatches(db())).toEqual([]);
});

async function depositCredits(depositId: string) {
  return db().$count(transactions, eq(transactions.depositId, depositId));
}

/** A started sandbox deposit and its stored checkout reference. */
async function startedDeposit(amountCents = 2_500) {
  const user = await createUser();
  const started = await startDeposit(db(), {
    userId: user.id,
    amountCents: cents(amountCents),
    returnPath: null,
  });
  if (!started.ok) throw new Error(`deposit not started: ${started.message}`);
  const [deposit] = await db().select().from(deposits).where(eq(deposits.id, started.depositId));
  return { user, deposit: deposit! };
}

function checkoutEvent(
  deposit: { id: string; amountCents: number; providerReference: string | null },
  overrides: { type?: string; amountTotal?: number; eventId?: string } = {},
) {
  return JSON.stringify({
    id: overrides.eventId ?? `evt_test_${randomUUID()}`,
    object: "event",
    type: overrides.type ?? "checkout.session.completed",
    data: {
      object: {
        id: deposit.providerReference,
        object: "checkout.session",
        amount_total: overrides.amountTotal ?? deposit.amountCents,
        currency: "usd",
        payment_status: overrides.type === "checkout.session.expired" ? "unpaid" : "paid",
        metadata: { deposit_id: deposit.id },
      },
    },
  });
}

function deliver(
  rawBody: string,
  signature = signWebhookBody(rawBody, sandboxWebhookSecret(TEST_AUTH_SECRET)),
) {
  return receivePaymentWebhook(
    db(),
    sandboxProvider(),
    rawBody,
    new Headers({ [SANDBOX_SIGNATURE_HEADER]: signature }),
  );
}

describe("starting a deposit", () => {
  it("records a pending sandbox deposit and returns the sandbox checkout", async () => {
    const user = await createUser();
    const started = await startDeposit(db(), {
      userId: user.id,
      amountCents: cents(2_500),
      returnPath: "/quick-order",
    });
    expect(started).toMatchObject({
      ok: true,
      url: expect.stringMatching(/^\/sandbox-checkout\/[0-9a-f-]{36}$/),
    });
    const [deposit] = await db().select().from(deposits).where(eq(deposits.userId, user.id));
    expect(deposit).toMatchObject({
      amountCents: 2_500,
      status: "pending",
      provider: "sandbox",
      returnPath: "/quick-order",
      providerReference: expect.stringMatching(/^cs_sandbox_/),
    });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("refuses an amount below the minimum or above the maximum and starts nothing", async () => {
    const user = await createUser();
    const low = await startDeposit(db(), { userId: user.id, amountCents: cents(999) });
    expect(low).toMatchObject({ ok: false, title: "Invalid Amount", message: "Minimum deposit is $10" });
    const high = await startDeposit(db(), { userId: user.id, amountCents: cents(1_000_001) });
    expect(high).toMatchObject({ ok: false, title: "Invalid Amount", message: "Maximum deposit is $10,000" });
    expect(await db().$count(deposits, eq(deposits.userId, user.id))).toBe(0);
  });

  it("follows the limits an admin set", async () => {
    await setSetting("minDepositCents", 2_000);
    await setSetting("maxDepositCents", 5_050);
    const user = await createUser();
    expect(await startDeposit(db(), { userId: user.id, amountCents: cents(1_999) })).toMatchObject({
      message: "Minimum deposit is $20",
    });
    expect(await startDeposit(db(), { userId: user.id, amountCents: cents(5_051) })).toMatchObject({
      message: "Maximum deposit is $50.50",
    });
    expect(await startDeposit(db(), { userId: user.id, amountCents: cents(5_050) })).toMatchObject({
      ok: true,
    });
  });

  it("refuses deposits in maintenance mode", async () => {
    await setSetting("maintenanceMode", true);
    const user = await createUser();
    const started = await startDeposit(db(), { userId: user.id, amountCents: cents(2_500) });
    expect(started).toMatchObject({ ok: false, kind: "unavailable", title: "Maintenance" });
    expect(await db().$count(deposits)).toBe(0);
  });

  it("says deposits are not available, and records nothing, when no gateway takes them or not the one asked for", async () => {
    const user = await createUser();
    const none = await startDeposit(db(), { userId: user.id, amountCents: cents(2_500) }, []);
    expect(none).toEqual({
      ok: false,
      kind: "conflict",
      title: DEPOSIT_TEXT.errorTitle,
      message: "Deposits are not available at the moment.",
    });
    const other = await startDeposit(
      db(),
      { userId: user.id, amountCents: cents(2_500), gateway: "paypal" },
      [sandboxProvider()],
    );
    expect(other).toMatchObject({ ok: false, kind: "conflict", message: DEPOSIT_TEXT.notAvailable });
    expect(await db().$count(deposits)).toBe(0);
  });

  it("limits how many deposits one customer starts in a short time", async () => {
    const user = await createUser();
    const results = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      results.push(await startDeposit(db(), { userId: user.id, amountCents: cents(1_000) }));
    }
    expect(results.filter((result) => result.ok)).toHaveLength(10);
    expect(results.at(-1)).toMatchObject({ ok: false, kind: "rate_limited" });
    expect(await db().$count(deposits, eq(deposits.userId, user.id))).toBe(10);
  });
});

describe("the signed deposit webhook", () => {
  it("credits a deposit event delivered 5 times in parallel exactly once", async () => {
    const { user, deposit } = await startedDeposit(2_500);
    await fundWallet(user.id, 100);
    const rawBody = checkoutEvent(deposit);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(rawBody)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.result === "credited")).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.duplicate)).toHaveLength(4);
    expect(await balanceOf(user.id)).toBe(2_600);
    expect(await depositCredits(deposit.id)).toBe(1);
    const [ledgerRow] = await db().select().from(transactions).where(eq(transactions.depositId, deposit.id));
    expect(ledgerRow).toMatchObject({
      type: "deposit",
      amountCents: 2_500,
      paymentMethod: "sandbox",
      paymentGatewayId: deposit.providerReference,
    });
    const [settled] = await db().select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(settled?.status).toBe("completed");
    expect(settled?.completedAt).toBeInstanceOf(Date);
  });

  it("credits once when different events report the same payment at the same time", async () => {
    const { user, deposit } = await startedDeposit(1_500);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(checkoutEvent(deposit))));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await balanceOf(user.id)).toBe(1_500);
    expect(await depositCredits(deposit.id)).toBe(1);
    expect(await db().$count(paymentEvents)).toBe(5);
  });

  it("refuses a forged signature and credits nothing", async () => {
    const { user, deposit } = await startedDeposit();
    const rawBody = checkoutEvent(deposit);
    const forged = signWebhookBody(rawBody, sandboxWebhookSecret("someone-else-secret-0123456789abcdef"));
    expect((await deliver(rawBody, forged)).status).toBe(400);
    // A valid signature over another body does not carry over to a tampered body.
    const tampered = checkoutEvent(deposit, { amountTotal: 99_900 });
    expect(
      (await deliver(tampered, signWebhookBody(rawBody, sandboxWebhookSecret(TEST_AUTH_SECRET)))).status,
    ).toBe(400);
    expect((await deliver(rawBody, "")).status).toBe(400);
    expect((await deliver(rawBody, "t=abc,v1=zz")).status).toBe(400);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await db().$count(paymentEvents)).toBe(0);
  });

  it("refuses a stale timestamp and credits nothing", async () => {
    const { user, deposit } = await startedDeposit();
    const rawBody = checkoutEvent(deposit);
    const secret = sandboxWebhookSecret(TEST_AUTH_SECRET);
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    expect((await deliver(rawBody, signWebhookBody(rawBody, secret, sixMinutesAgo))).status).toBe(400);
    const inTheFuture = Math.floor(Date.now() / 1000) + 6 * 60;
    expect((await deliver(rawBody, signWebhookBody(rawBody, secret, inTheFuture))).status).toBe(400);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await depositCredits(deposit.id)).toBe(0);
  });

  it("does not credit an event whose amount differs from the deposit", async () => {
    const { user, deposit } = await startedDeposit(2_500);
    const answer = await deliver(checkoutEvent(deposit, { amountTotal: 250_000 }));
    expect(answer).toMatchObject({ status: 200, body: { result: "amount_mismatch" } });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("closes an expired checkout; a later paid event for it credits nothing and is kept for review", async () => {
    const { user, deposit } = await startedDeposit(2_500);
    expect(await deliver(checkoutEvent(deposit, { type: "checkout.session.expired" }))).toMatchObject({
      body: { result: "expired" },
    });
    const [closed] = await db().select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(closed?.status).toBe("expired");
    expect(await deliver(checkoutEvent(deposit))).toMatchObject({ body: { result: "paid_after_closing" } });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("closes a declined delayed payment as failed", async () => {
    const { user, deposit } = await startedDeposit(2_500);
    const declined = checkoutEvent(deposit, { type: "checkout.session.async_payment_failed" });
    expect(await deliver(declined)).toMatchObject({ body: { result: "failed" } });
    const [closed] = await db().select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(closed?.status).toBe("failed");
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("never credits the same deposit twice, even past the status check", async () => {
    const { user, deposit } = await startedDeposit(1_000);
    const input = {
      depositId: deposit.id,
      providerReference: deposit.providerReference!,
      eventId: "evt_a",
      provider: "sandbox" as const,
      paidAmountCents: cents(1_000),
      paidCurrency: "usd",
    };
    expect(await creditDeposit(db(), input)).toMatchObject({ credited: true });
    expect(await creditDeposit(db(), { ...input, eventId: "evt_b" })).toMatchObject({ credited: false });
    // The last line of defence: the partial unique index refuses a second deposit credit outright.
    await expect(
      db()
        .insert(transactions)
        .values({ userId: user.id, type: "deposit", amountCents: cents(1_000), depositId: deposit.id }),
    ).rejects.toThrow();
    expect(await balanceOf(user.id)).toBe(1_000);
  });
});

describe("the Stripe webhook", () => {
  // Offline: Stripe's own library signs the test events; nothing here calls Stripe's servers.
  const webhookSecret = "whsec_test_0123456789abcdef";
  const provider = stripeProvider({ secretKey: "sk_test_offline", webhookSecret });
  const stripe = new Stripe("sk_test_offline");

  async function stripeDeposit(amountCents: number) {
    const user = await createUser();
    const [deposit] = await db()
      .insert(deposits)
      .values({
        userId: user.id,
        amountCents: cents(amountCents),
        provider: "stripe",
        providerReference: `cs_test_${randomUUID()}`,
      })
      .returning();
    return { user, deposit: deposit! };
  }

  function stripeHeaders(rawBody: string, secret = webhookSecret, timestamp?: number) {
    const signature = stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret, timestamp });
    return new Headers({ "stripe-signature": signature });
  }

  it("credits a verified checkout.session.completed once, as a card deposit", async () => {
    const { user, deposit } = await stripeDeposit(5_000);
    const rawBody = checkoutEvent(deposit);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => receivePaymentWebhook(db(), provider, rawBody, stripeHeaders(rawBody))),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await balanceOf(user.id)).toBe(5_000);
    const [ledgerRow] = await db().select().from(transactions).where(eq(transactions.depositId, deposit.id));
    expect(ledgerRow).toMatchObject({ paymentMethod: "card", paymentGatewayId: deposit.providerReference });
  });

  it("refuses a wrong secret or a stale signature and credits nothing", async () => {
    const { user, deposit } = await stripeDeposit(5_000);
    const rawBody = checkoutEvent(deposit);
    const forged = await receivePaymentWebhook(
      db(),
      provider,
      rawBody,
      stripeHeaders(rawBody, "whsec_wrong"),
    );
    expect(forged.status).toBe(400);
    const staleAt = Math.floor(Date.now() / 1000) - 10 * 60;
    const stale = await receivePaymentWebhook(
      db(),
      provider,
      rawBody,
      stripeHeaders(rawBody, webhookSecret, staleAt),
    );
    expect(stale.status).toBe(400);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("does not credit a session whose amount_total differs from the deposit", async () => {
    const { user, deposit } = await stripeDeposit(5_000);
    const rawBody = checkoutEvent(deposit, { amountTotal: 500 });
    const answer = await receivePaymentWebhook(db(), provider, rawBody, stripeHeaders(rawBody));
    expect(answer.body.result).toBe("amount_mismatch");
    expect(await balanceOf(user.id)).toBe(0);
  });
});
