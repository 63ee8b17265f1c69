import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { deposits, paymentEvents, transactions } from "../../../app/db/schema.ts";
import { balanceOf } from "../../support/factories.ts";
import { fakePaypalControl } from "../../support/fake-paypal.ts";
import { appUrl, secondAppUrl, signedInCustomer, Visitor } from "../../support/http.ts";

// PayPal deposits over HTTP (product rules 16.40-16.46): both app servers take them through the fake PayPal the
// global setup starts, whose webhooks are signed exactly as PayPal signs them (docs/decisions/058).
const paypal = fakePaypalControl(inject("paypalUrl"));

/** A signed-in customer who chose PayPal on the wallet's Add Funds form and approved the order at PayPal. */
async function customerWithApprovedOrder(amount = "25") {
  const customer = await signedInCustomer();
  const response = await customer.visitor.request("/wallet", { form: { amount, gateway: "paypal" } });
  expect(response.status).toBe(302);
  const approval = new URL(response.headers.get("location") ?? "");
  expect(`${approval.origin}${approval.pathname}`).toBe(`${inject("paypalUrl")}/checkoutnow`);
  const orderId = approval.searchParams.get("token")!;
  const [deposit] = await db().select().from(deposits).where(eq(deposits.providerReference, orderId));
  expect(deposit).toMatchObject({ provider: "paypal", status: "pending", userId: customer.id });
  await paypal.approve(orderId);
  return { ...customer, orderId, deposit: deposit! };
}

describe("a PayPal deposit over HTTP", () => {
  it("is captured when the customer comes back, once, and a replayed webhook changes nothing", async () => {
    const { id, visitor, orderId, deposit } = await customerWithApprovedOrder("25");
    const back = await visitor.request(`/wallet/paypal-return?token=${orderId}&PayerID=FAKEPAYER123`);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/wallet?payment=success");
    expect(await balanceOf(id)).toBe(2_500);
    const [row] = await db().select().from(transactions).where(eq(transactions.depositId, deposit.id));
    expect(row).toMatchObject({ type: "deposit", amountCents: 2_500, paymentMethod: "paypal" });

    // Coming back again (the back button) shows the same happy ending and takes nothing more.
    const again = await visitor.on(secondAppUrl).request(`/wallet/paypal-return?token=${orderId}`);
    expect(again.headers.get("location")).toBe("/wallet?payment=success");

    // PayPal's PAYMENT.CAPTURE.COMPLETED for the same capture, to both servers, then retried.
    const first = await paypal.sendWebhook(`${appUrl}/api/webhooks/paypal`, {
      type: "PAYMENT.CAPTURE.COMPLETED",
      orderId,
    });
    expect(first).toMatchObject({ status: 200, body: { received: true, result: "already_settled" } });
    const retried = await paypal.sendWebhook(`${secondAppUrl}/api/webhooks/paypal`, {
      type: "PAYMENT.CAPTURE.COMPLETED",
      orderId,
      eventId: first.eventId,
    });
    expect(retried).toMatchObject({ status: 200, body: { received: true, duplicate: true } });
    expect(await balanceOf(id)).toBe(2_500);
    expect(await db().$count(transactions, eq(transactions.depositId, deposit.id))).toBe(1);
  });

  it("is captured by PayPal's approval webhook when the browser never comes back", async () => {
    const { id, orderId } = await customerWithApprovedOrder("40");
    const answer = await paypal.sendWebhook(`${secondAppUrl}/api/webhooks/paypal`, {
      type: "CHECKOUT.ORDER.APPROVED",
      orderId,
    });
    expect(answer.status).toBe(200);
    expect(await balanceOf(id)).toBe(4_000);
    expect((await paypal.order(orderId))?.status).toBe("COMPLETED");
  });

  it("refuses a webhook signed for another webhook id with 400 and records nothing", async () => {
    const { id, orderId } = await customerWithApprovedOrder("25");
    const forged = await paypal.sendWebhook(`${appUrl}/api/webhooks/paypal`, {
      type: "CHECKOUT.ORDER.APPROVED",
      orderId,
      forge: true,
    });
    expect(forged).toMatchObject({
      status: 400,
      body: { received: false, error: "Invalid webhook signature" },
    });
    expect(await db().$count(paymentEvents, eq(paymentEvents.id, `paypal:${forged.eventId}`))).toBe(0);
    const unsigned = await fetch(`${appUrl}/api/webhooks/paypal`, { method: "POST", body: "{}" });
    expect(unsigned.status).toBe(400);
    expect(await balanceOf(id)).toBe(0);
    expect((await paypal.order(orderId))?.status).toBe("APPROVED");
  });

  it("returns a declined payment to the wallet with the spec's toast, and captures only the customer's own order", async () => {
    const { id, visitor, orderId } = await customerWithApprovedOrder("25");
    const stranger = await signedInCustomer();
    const foreign = await stranger.visitor.request(`/wallet/paypal-return?token=${orderId}`);
    expect(foreign.headers.get("location")).toBe("/wallet");
    expect((await paypal.order(orderId))?.status).toBe("APPROVED");

    await paypal.setNextCapture({ status: "INSTRUMENT_DECLINED" });
    const declined = await visitor.request(`/wallet/paypal-return?token=${orderId}`);
    expect(declined.headers.get("location")).toBe("/wallet");
    const wallet = await visitor.request("/wallet");
    expect(await wallet.text()).toContain("PayPal declined this payment");
    expect(await balanceOf(id)).toBe(0);

    const anonymous = await new Visitor().request(`/wallet/paypal-return?token=${orderId}`);
    expect(anonymous.headers.get("location")).toMatch(/^\/login\?next=/);
  });
});
