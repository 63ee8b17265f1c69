import "../support/worker-database.ts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { deposits, paymentEvents, transactions } from "../../app/db/schema.ts";
import { applyGatewayEvent } from "../../app/domain/payments/apply-gateway-event.server.ts";
import { captureApprovedPayment } from "../../app/domain/payments/capture-approved-payment.server.ts";
import { listEventsToReview } from "../../app/domain/payments/list-events-to-review.server.ts";
import { paypalGateway } from "../../app/domain/payments/paypal-gateway.server.ts";
import { receivePaymentWebhook } from "../../app/domain/payments/receive-webhook.server.ts";
import { startDeposit } from "../../app/domain/payments/start-deposit.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import type { PaypalConfig } from "../../app/lib/env.server.ts";
import { balanceOf, createUser } from "../support/factories.ts";
import { FAKE_PAYPAL, type FakePaypal, signPaypalWebhook, startFakePaypal } from "../support/fake-paypal.ts";
import { resetDatabase } from "../support/worker-database.ts";

// PayPal deposits at the database level (product rules 16.40-16.46, docs/decisions/058): the real gateway and
// PayPal's SDK against the local fake PayPal, every answer and webhook through applyGatewayEvent.

let fake: FakePaypal;
let config: PaypalConfig;

beforeAll(async () => {
  fake = await startFakePaypal();
  config = { ...FAKE_PAYPAL, environment: "sandbox", apiUrl: fake.url };
});
afterAll(async () => {
  await fake?.stop();
});
beforeEach(async () => {
  await resetDatabase();
});
afterEach(async () => {
  expect(await findLedgerMismatches(db())).toEqual([]);
});

/** A customer's PayPal deposit, its order created at the fake and approved by the buyer. */
async function approvedDeposit(amountCents = 2_500) {
  const user = await createUser();
  const gateway = paypalGateway(config);
  const started = await startDeposit(
    db(),
    { userId: user.id, amountCents: cents(amountCents), gateway: "paypal" },
    [gateway],
  );
  if (!started.ok) throw new Error(`deposit not started: ${started.message}`);
  const [deposit] = await db().select().from(deposits).where(eq(deposits.id, started.depositId));
  const orderId = deposit!.providerReference!;
  expect(started.url).toBe(`${fake.url}/checkoutnow?token=${orderId}`);
  fake.approve(orderId);
  return { user, gateway, deposit: deposit!, orderId };
}

/** A webhook the fake signs for this order, as PayPal would deliver it. */
function signedWebhook(type: string, orderId: string) {
  const webhook = fake.signedWebhook({ type, orderId });
  return { rawBody: webhook.rawBody, headers: new Headers(webhook.headers) };
}

async function depositStatus(depositId: string) {
  const [row] = await db()
    .select({ status: deposits.status })
    .from(deposits)
    .where(eq(deposits.id, depositId));
  return row?.status;
}

describe("a PayPal deposit", () => {
  it("opens an order of the deposit's amount in USD, with the deposit's id, returning to the capture page", async () => {
    const { deposit, orderId } = await approvedDeposit(1_050);
    const order = fake.orders.get(orderId)!;
    expect(order.intent).toBe("CAPTURE");
    expect(order.purchase_units).toMatchObject([
      { amount: { currency_code: "USD", value: "10.50" }, custom_id: deposit.id, invoice_id: deposit.id },
    ]);
    expect(order.returnUrl).toMatch(/\/wallet\/paypal-return$/);
    expect(order.cancelUrl).toMatch(/\/wallet$/);
    expect(deposit).toMatchObject({ provider: "paypal", status: "pending", providerReference: orderId });
  });

  it("credits once when the capture's answer is replayed 20 times in parallel", async () => {
    const { user, gateway, deposit, orderId } = await approvedDeposit(2_500);
    const capture = await gateway.capture!(orderId);
    if (!capture.captured) throw new Error(`not captured: ${capture.reason}`);
    expect(capture.event.id).toMatch(/^paypal:capture:[A-Z0-9]+$/);
    expect(capture.event.change).toMatchObject({ kind: "paid", amountCents: 2_500, currency: "USD" });

    const applied = await Promise.all(
      Array.from({ length: 20 }, () => applyGatewayEvent(db(), capture.event)),
    );
    expect(applied.filter((answer) => !answer.duplicate)).toEqual([{ duplicate: false, result: "credited" }]);
    expect(await balanceOf(user.id)).toBe(2_500);
    expect(await db().$count(transactions, eq(transactions.depositId, deposit.id))).toBe(1);
    expect(await depositStatus(deposit.id)).toBe("completed");
  });

  it("credits once when the capture's webhook is delivered 20 times in parallel", async () => {
    const { user, gateway, deposit, orderId } = await approvedDeposit(2_500);
    // PayPal captured (through another path): its PAYMENT.CAPTURE.COMPLETED arrives, and again, and again.
    await gateway.capture!(orderId);
    const webhook = signedWebhook("PAYMENT.CAPTURE.COMPLETED", orderId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        receivePaymentWebhook(db(), gateway, webhook.rawBody, webhook.headers),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.body.result === "credited")).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(2_500);
    expect(await db().$count(transactions, eq(transactions.depositId, deposit.id))).toBe(1);
  });

  it("credits once when the capture's answer and its webhook both arrive, in either order", async () => {
    const first = await approvedDeposit(2_500);
    const answer = await captureApprovedPayment(db(), first.gateway, { reference: first.orderId });
    expect(answer.outcome).toBe("paid");
    const webhook = signedWebhook("PAYMENT.CAPTURE.COMPLETED", first.orderId);
    expect(await receivePaymentWebhook(db(), first.gateway, webhook.rawBody, webhook.headers)).toEqual({
      status: 200,
      body: { received: true, result: "already_settled" },
    });
    expect(await balanceOf(first.user.id)).toBe(2_500);

    // The webhook first (PayPal captured on a retry the shop did not see), then the browser comes back.
    const second = await approvedDeposit(4_000);
    const capture = await second.gateway.capture!(second.orderId);
    expect(capture.captured).toBe(true);
    const early = signedWebhook("PAYMENT.CAPTURE.COMPLETED", second.orderId);
    expect(
      (await receivePaymentWebhook(db(), second.gateway, early.rawBody, early.headers)).body.result,
    ).toBe("credited");
    expect(await captureApprovedPayment(db(), second.gateway, { reference: second.orderId })).toMatchObject({
      outcome: "paid",
    });
    expect(await balanceOf(second.user.id)).toBe(4_000);
    expect(await db().$count(transactions, eq(transactions.depositId, second.deposit.id))).toBe(1);
  });

  it("captures on PayPal's approval webhook when the browser never came back, once however often it arrives", async () => {
    const { user, gateway, deposit, orderId } = await approvedDeposit(3_000);
    const approval = signedWebhook("CHECKOUT.ORDER.APPROVED", orderId);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        receivePaymentWebhook(db(), gateway, approval.rawBody, approval.headers),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balanceOf(user.id)).toBe(3_000);
    expect(await depositStatus(deposit.id)).toBe("completed");
    expect(await db().$count(transactions, eq(transactions.depositId, deposit.id))).toBe(1);
  });

  it("asks PayPal to deliver the approval again (503) when the capture could not be made, and captures then", async () => {
    const { user, gateway, deposit, orderId } = await approvedDeposit(2_000);
    const approval = signedWebhook("CHECKOUT.ORDER.APPROVED", orderId);
    fake.setNextCapture({ status: "INTERNAL_SERVER_ERROR" });
    expect(await receivePaymentWebhook(db(), gateway, approval.rawBody, approval.headers)).toEqual({
      status: 503,
      body: { received: false, error: "Capture not confirmed" },
    });
    expect(await depositStatus(deposit.id)).toBe("pending");
    // PayPal's redelivery: the event is a duplicate, the capture is made.
    const again = await receivePaymentWebhook(db(), gateway, approval.rawBody, approval.headers);
    expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await balanceOf(user.id)).toBe(2_000);
    expect(await depositStatus(deposit.id)).toBe("completed");
  });

  it("refuses a capture of another amount or currency: the deposit stays pending and an admin sees it", async () => {
    for (const amount of [
      { currency_code: "USD", value: "2.50" },
      { currency_code: "EUR", value: "25.00" },
      { currency_code: "USD", value: "25.001" },
    ]) {
      const { user, deposit } = await approvedDeposit(2_500);
      fake.setNextCapture({ amount });
      const answer = await captureApprovedPayment(db(), paypalGateway(config), {
        reference: deposit.providerReference!,
      });
      expect(answer.outcome).toBe("not_confirmed");
      expect(await depositStatus(deposit.id)).toBe("pending");
      expect(await balanceOf(user.id)).toBe(0);
      const [event] = await db().select().from(paymentEvents).where(eq(paymentEvents.depositId, deposit.id));
      expect(event).toMatchObject({ provider: "paypal", result: "amount_mismatch" });
      expect((await listEventsToReview(db())).map((row) => row.id)).toContain(event!.id);
    }
  });

  it("closes the deposit when PayPal declines the capture, and a denial's webhook changes nothing more", async () => {
    const { user, gateway, deposit, orderId } = await approvedDeposit(2_500);
    fake.setNextCapture({ status: "DECLINED" });
    expect((await captureApprovedPayment(db(), gateway, { reference: orderId })).outcome).toBe("declined");
    expect(await depositStatus(deposit.id)).toBe("failed");
    const denied = signedWebhook("PAYMENT.CAPTURE.DENIED", orderId);
    expect((await receivePaymentWebhook(db(), gateway, denied.rawBody, denied.headers)).body.result).toBe(
      "already_settled",
    );
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("tells a declined card apart from a pending payment, and leaves both deposits pending", async () => {
    const declined = await approvedDeposit(2_500);
    fake.setNextCapture({ status: "INSTRUMENT_DECLINED" });
    expect(
      (await captureApprovedPayment(db(), declined.gateway, { reference: declined.orderId })).outcome,
    ).toBe("declined");
    expect(await depositStatus(declined.deposit.id)).toBe("pending");
    const pending = await approvedDeposit(2_500);
    fake.setNextCapture({ status: "PENDING" });
    expect(
      (await captureApprovedPayment(db(), pending.gateway, { reference: pending.orderId })).outcome,
    ).toBe("pending");
    expect(await depositStatus(pending.deposit.id)).toBe("pending");
  });

  it("records a refund for an admin and moves no money", async () => {
    const { user, gateway, orderId } = await approvedDeposit(2_500);
    await captureApprovedPayment(db(), gateway, { reference: orderId });
    const refund = signedWebhook("PAYMENT.CAPTURE.REFUNDED", orderId);
    expect((await receivePaymentWebhook(db(), gateway, refund.rawBody, refund.headers)).body.result).toBe(
      "refunded_to_review",
    );
    expect(await balanceOf(user.id)).toBe(2_500);
    expect((await listEventsToReview(db())).map((row) => row.type)).toEqual(["PAYMENT.CAPTURE.REFUNDED"]);
  });

  it("captures only the customer's own deposit", async () => {
    const { gateway, orderId, deposit } = await approvedDeposit(2_500);
    const stranger = await createUser();
    expect(await captureApprovedPayment(db(), gateway, { reference: orderId, userId: stranger.id })).toEqual({
      outcome: "not_confirmed",
      deposit: null,
    });
    expect(fake.orders.get(orderId)?.status).toBe("APPROVED");
    expect(await depositStatus(deposit.id)).toBe("pending");
  });
});

describe("a PayPal webhook's signature", () => {
  it("is refused when forged, altered, unsigned or signed with a certificate from elsewhere, and nothing is recorded", async () => {
    const { user, gateway, orderId } = await approvedDeposit(2_500);
    await gateway.capture!(orderId);
    const genuine = signedWebhook("PAYMENT.CAPTURE.COMPLETED", orderId);
    const certUrl = genuine.headers.get("paypal-cert-url")!;

    const otherWebhookId = new Headers(
      signPaypalWebhook(genuine.rawBody, { certUrl, webhookId: "WH-OTHER" }),
    );
    const altered = genuine.rawBody.replace('"25.00"', '"2500.00"');
    const unsigned = new Headers({ "Content-Type": "application/json" });
    const foreignCert = new Headers(
      signPaypalWebhook(genuine.rawBody, { certUrl: "https://certs.example.com/paypal.pem" }),
    );
    const plainHttpPaypal = new Headers(
      signPaypalWebhook(genuine.rawBody, { certUrl: "http://api.paypal.com/v1/notifications/certs/CERT" }),
    );
    for (const [rawBody, headers] of [
      [genuine.rawBody, otherWebhookId],
      [altered, genuine.headers],
      [genuine.rawBody, unsigned],
      [genuine.rawBody, foreignCert],
      [genuine.rawBody, plainHttpPaypal],
    ] as const) {
      expect(await receivePaymentWebhook(db(), gateway, rawBody, headers)).toEqual({
        status: 400,
        body: { received: false, error: "Invalid webhook signature" },
      });
    }
    expect(await db().$count(paymentEvents)).toBe(0);
    expect(await balanceOf(user.id)).toBe(0);
    // The genuine one still credits.
    expect((await receivePaymentWebhook(db(), gateway, genuine.rawBody, genuine.headers)).body.result).toBe(
      "credited",
    );
  });
});
