import "../support/worker-database.ts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { deposits, paymentEvents, transactions } from "../../app/db/schema.ts";
import { btcpayGateway } from "../../app/domain/payments/btcpay-gateway.server.ts";
import { listEventsToReview } from "../../app/domain/payments/list-events-to-review.server.ts";
import { receivePaymentWebhook } from "../../app/domain/payments/receive-webhook.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser } from "../support/factories.ts";
import { type BtcpayDelivery, type FakeBtcpay, startFakeBtcpay } from "../support/fake-btcpay.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Crypto deposits through a BTCPay Server (docs/decisions/060), against a local fake that signs its deliveries
// as BTCPay Server does; every delivery goes through the webhook's own path (receivePaymentWebhook).

let btcpay: FakeBtcpay;
let gateway: ReturnType<typeof btcpayGateway>;

beforeAll(async () => {
  btcpay = await startFakeBtcpay();
  gateway = btcpayGateway({
    serverUrl: btcpay.url,
    storeId: btcpay.storeId,
    apiKey: btcpay.apiKey,
    webhookSecret: btcpay.webhookSecret,
  });
});
afterAll(() => btcpay.close());
beforeEach(resetDatabase);
afterEach(async () => {
  expect(await findLedgerMismatches(db())).toEqual([]);
});

/** A $25.00 deposit recorded for BTCPay with its invoice opened, as the wallet does. */
async function openedDeposit(amountCents = 2_500) {
  const user = await createUser();
  const [deposit] = await db()
    .insert(deposits)
    .values({ userId: user.id, amountCents: cents(amountCents), provider: "btcpay", status: "pending" })
    .returning();
  const payment = await gateway.startPayment({
    depositId: deposit!.id,
    amountCents: cents(amountCents),
    userEmail: user.email,
    successUrl: "http://shop.test/wallet?deposit=success",
    cancelUrl: "http://shop.test/wallet?deposit=cancelled",
  });
  await db()
    .update(deposits)
    .set({ providerReference: payment.reference })
    .where(eq(deposits.id, deposit!.id));
  return { user, depositId: deposit!.id, invoiceId: payment.reference, url: payment.url };
}

function deliver(delivery: BtcpayDelivery) {
  return receivePaymentWebhook(db(), gateway, delivery.rawBody, delivery.headers);
}

async function depositStatus(depositId: string) {
  const [row] = await db()
    .select({ status: deposits.status })
    .from(deposits)
    .where(eq(deposits.id, depositId));
  return row?.status;
}

async function creditsOf(depositId: string) {
  return db().$count(transactions, eq(transactions.depositId, depositId));
}

describe("a crypto deposit through a BTCPay Server", () => {
  it("opens an invoice for the deposit's amount in US dollars, with the API key, and sends the customer to it", async () => {
    const { depositId, invoiceId, url } = await openedDeposit(2_505);
    const invoice = btcpay.invoices.get(invoiceId)!;
    expect(invoice).toMatchObject({ amount: "25.05", currency: "USD", metadata: { orderId: depositId } });
    expect(url).toBe(`${btcpay.url}/i/${invoiceId}`);
    expect(btcpay.calls).toContain(`POST /api/v1/stores/${btcpay.storeId}/invoices`);
  });

  it("credits a settled invoice once, however many of 20 deliveries and redeliveries arrive at once", async () => {
    const { user, depositId, invoiceId } = await openedDeposit();
    btcpay.pay(invoiceId, 2_500);
    btcpay.setStatus(invoiceId, "Settled");
    const settled = btcpay.delivery("InvoiceSettled", invoiceId, { overPaid: false, manuallyMarked: false });
    const copies = [settled, ...Array.from({ length: 19 }, () => btcpay.redelivery(settled))];
    const answers = await Promise.all(copies.map(deliver));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.body.result === "credited")).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.duplicate)).toHaveLength(19);
    expect(await depositStatus(depositId)).toBe("completed");
    expect(await creditsOf(depositId)).toBe(1);
    expect(await balanceOf(user.id)).toBe(2_500);
    const [credit] = await db().select().from(transactions).where(eq(transactions.depositId, depositId));
    expect(credit).toMatchObject({ type: "deposit", paymentMethod: "crypto", paymentGatewayId: invoiceId });
  });

  it("keeps an invoice paid short for an admin when it expires: nothing credited, the deposit still waiting", async () => {
    const { user, depositId, invoiceId } = await openedDeposit();
    btcpay.pay(invoiceId, 1_000);
    btcpay.setStatus(invoiceId, "Expired");
    const answer = await deliver(btcpay.delivery("InvoiceExpired", invoiceId, { partiallyPaid: true }));
    expect(answer.body.result).toBe("amount_mismatch");
    expect(await depositStatus(depositId)).toBe("pending");
    expect(await balanceOf(user.id)).toBe(0);
    const [listed] = await listEventsToReview(db());
    expect(listed).toMatchObject({ result: "amount_mismatch", depositId });
  });

  it("closes an invoice that lapsed unpaid as expired, and keeps a payment after that for an admin", async () => {
    const { user, depositId, invoiceId } = await openedDeposit();
    btcpay.setStatus(invoiceId, "Expired");
    expect(
      (await deliver(btcpay.delivery("InvoiceExpired", invoiceId, { partiallyPaid: false }))).body.result,
    ).toBe("expired");
    expect(await depositStatus(depositId)).toBe("expired");
    // Paid late: the whole amount arrives after the invoice expired.
    btcpay.pay(invoiceId, 2_500);
    const late = btcpay.delivery("InvoiceReceivedPayment", invoiceId, { afterExpiration: true });
    expect((await deliver(late)).body.result).toBe("paid_after_closing");
    expect(await depositStatus(depositId)).toBe("expired");
    expect(await balanceOf(user.id)).toBe(0);
    expect((await listEventsToReview(db())).map((event) => event.result)).toEqual(["paid_after_closing"]);
  });

  it("credits a short-paid invoice once the rest arrives late, while the deposit still waits", async () => {
    const { user, depositId, invoiceId } = await openedDeposit();
    btcpay.pay(invoiceId, 1_000);
    btcpay.setStatus(invoiceId, "Expired");
    await deliver(btcpay.delivery("InvoiceExpired", invoiceId, { partiallyPaid: true }));
    btcpay.pay(invoiceId, 1_500);
    const rest = btcpay.delivery("InvoicePaymentSettled", invoiceId, { afterExpiration: true });
    expect((await deliver(rest)).body.result).toBe("credited");
    expect(await balanceOf(user.id)).toBe(2_500);
    expect(await depositStatus(depositId)).toBe("completed");
  });

  it("credits an invoice paid twice its amount once, and keeps the surplus for an admin", async () => {
    const { user, depositId, invoiceId } = await openedDeposit();
    btcpay.pay(invoiceId, 2_500);
    btcpay.pay(invoiceId, 2_500);
    btcpay.setStatus(invoiceId, "Settled");
    const settled = btcpay.delivery("InvoiceSettled", invoiceId, { overPaid: true });
    expect((await deliver(settled)).body.result).toBe("credited_overpaid");
    expect((await deliver(btcpay.redelivery(settled))).body.duplicate).toBe(true);
    expect(await balanceOf(user.id)).toBe(2_500);
    expect(await creditsOf(depositId)).toBe(1);
    const [listed] = await listEventsToReview(db());
    expect(listed).toMatchObject({ result: "credited_overpaid", depositId });
  });

  it("fails an invalid invoice, and ignores the events that move no money", async () => {
    const { depositId, invoiceId } = await openedDeposit();
    for (const type of ["InvoiceCreated", "InvoiceReceivedPayment", "InvoiceProcessing"]) {
      expect((await deliver(btcpay.delivery(type, invoiceId))).body.result).toBe("ignored");
    }
    expect(await depositStatus(depositId)).toBe("pending");
    btcpay.setStatus(invoiceId, "Invalid");
    expect((await deliver(btcpay.delivery("InvoiceInvalid", invoiceId))).body.result).toBe("failed");
    expect(await depositStatus(depositId)).toBe("failed");
  });

  it("refuses a delivery whose signature does not match, or that has none, recording nothing", async () => {
    const { depositId, invoiceId } = await openedDeposit();
    btcpay.pay(invoiceId, 2_500);
    btcpay.setStatus(invoiceId, "Settled");
    const settled = btcpay.delivery("InvoiceSettled", invoiceId);
    const forged = settled.rawBody.replace('"InvoiceSettled"', '"InvoiceSettled" ');
    for (const [body, headers] of [
      [forged, settled.headers],
      [settled.rawBody, new Headers({ "BTCPay-Sig": `sha256=${"0".repeat(64)}` })],
      [settled.rawBody, new Headers()],
    ] as const) {
      expect(await receivePaymentWebhook(db(), gateway, body, headers)).toMatchObject({ status: 400 });
    }
    expect(await db().$count(paymentEvents)).toBe(0);
    expect(await depositStatus(depositId)).toBe("pending");
  });

  it("ignores a delivery from another store, and an invoice that names no deposit of ours", async () => {
    const { depositId, invoiceId } = await openedDeposit();
    btcpay.setStatus(invoiceId, "Settled");
    const otherStore = btcpay.delivery("InvoiceSettled", invoiceId, { storeId: "someone-else" });
    expect((await deliver(otherStore)).body.result).toBe("ignored");
    btcpay.invoices.get(invoiceId)!.metadata = { orderId: "not-a-deposit" };
    expect((await deliver(btcpay.delivery("InvoiceSettled", invoiceId))).body.result).toBe("ignored");
    expect(await depositStatus(depositId)).toBe("pending");
  });
});
