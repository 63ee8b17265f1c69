import { createHmac, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { deposits, paymentEvents, transactions } from "../../../app/db/schema.ts";
import { TEST_AUTH_SECRET } from "../../support/constants.ts";
import { balanceOf } from "../../support/factories.ts";
import { appUrl, secondAppUrl, signedInCustomer, Visitor } from "../../support/http.ts";

// The sandbox webhook secret, derived from AUTH_SECRET as the app does (computed here independently).
const sandboxSecret = createHmac("sha256", TEST_AUTH_SECRET)
  .update("boostly:sandbox-webhook-secret")
  .digest("hex");

function sign(rawBody: string, secret = sandboxSecret, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

function postWebhook(rawBody: string, signature: string, baseUrl = appUrl) {
  // A provider's server: no cookies, no Origin header, a raw JSON body.
  return fetch(`${baseUrl}/api/webhooks/sandbox`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "boostly-signature": signature },
    body: rawBody,
  });
}

/** A signed-in customer who started a $25 deposit through the wallet's Add Funds form. */
async function customerWithDeposit() {
  const customer = await signedInCustomer();
  const response = await customer.visitor.request("/wallet", { form: { amount: "25" } });
  expect(response.status).toBe(302);
  const location = response.headers.get("location") ?? "";
  expect(location).toMatch(/^\/sandbox-checkout\/[0-9a-f-]{36}$/);
  const [deposit] = await db()
    .select()
    .from(deposits)
    .where(eq(deposits.id, location.split("/").at(-1)!));
  return { ...customer, deposit: deposit!, checkoutPath: location };
}

function paidEvent(deposit: { id: string; amountCents: number; providerReference: string | null }) {
  return JSON.stringify({
    id: `evt_http_${randomUUID()}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: deposit.providerReference,
        object: "checkout.session",
        amount_total: deposit.amountCents,
        currency: "usd",
        payment_status: "paid",
        metadata: { deposit_id: deposit.id },
      },
    },
  });
}

describe("POST /api/webhooks/sandbox", () => {
  it("refuses a forged or stale event with 400 and credits nothing", async () => {
    const { id, deposit } = await customerWithDeposit();
    const rawBody = paidEvent(deposit);
    const forged = await postWebhook(rawBody, sign(rawBody, "not-the-secret"));
    expect(forged.status).toBe(400);
    const unsigned = await postWebhook(rawBody, "");
    expect(unsigned.status).toBe(400);
    const stale = await postWebhook(
      rawBody,
      sign(rawBody, sandboxSecret, Math.floor(Date.now() / 1000) - 301),
    );
    expect(stale.status).toBe(400);
    expect(await balanceOf(id)).toBe(0);
    expect(await db().$count(transactions, eq(transactions.depositId, deposit.id))).toBe(0);
    expect(await db().$count(paymentEvents, eq(paymentEvents.id, JSON.parse(rawBody).id))).toBe(0);
  });

  it("credits a correctly signed event once, even posted 5 times to both servers", async () => {
    const { id, deposit } = await customerWithDeposit();
    const rawBody = paidEvent(deposit);
    const signature = sign(rawBody);
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        postWebhook(rawBody, signature, index % 2 ? secondAppUrl : appUrl),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = await Promise.all(responses.map((response) => response.json()));
    expect(bodies.filter((body) => body.result === "credited")).toHaveLength(1);
    expect(await balanceOf(id)).toBe(2_500);
    expect(await db().$count(transactions, eq(transactions.depositId, deposit.id))).toBe(1);
  });

  it("answers 405 to GET and 404 on the Stripe path while Stripe is not configured", async () => {
    expect((await fetch(`${appUrl}/api/webhooks/sandbox`)).status).toBe(405);
    const stripe = await fetch(`${appUrl}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "stripe-signature": "t=1,v1=00" },
      body: "{}",
    });
    expect(stripe.status).toBe(404);
  });

  it("answers 404 on a provider it does not know", async () => {
    // Manual deposits are a name the database knows (migration 0040), but an admin's decision, never a webhook.
    expect((await fetch(`${appUrl}/api/webhooks/manual`)).status).toBe(404);
    const posted = await fetch(`${appUrl}/api/webhooks/manual`, { method: "POST", body: "{}" });
    expect(posted.status).toBe(404);
    expect(await posted.json()).toEqual({ error: "Not found" });
  });
});

describe("the sandbox checkout", () => {
  it("pays through the signed webhook and sends the browser back to the wallet", async () => {
    const { id, visitor, deposit, checkoutPath } = await customerWithDeposit();
    const page = await visitor.request(checkoutPath);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Pay $25.00");

    const paid = await visitor.request(checkoutPath, { form: { intent: "pay" } });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe("/wallet?payment=success");
    expect(await balanceOf(id)).toBe(2_500);
    const [ledgerRow] = await db().select().from(transactions).where(eq(transactions.depositId, deposit.id));
    expect(ledgerRow).toMatchObject({ type: "deposit", amountCents: 2_500, paymentMethod: "sandbox" });

    // Paying again (a double click, the back button) changes nothing.
    const again = await visitor.request(checkoutPath, { form: { intent: "pay" } });
    expect(again.headers.get("location")).toBe("/wallet?payment=success");
    expect(await balanceOf(id)).toBe(2_500);
  });

  it("carries the wallet's next path through the checkout", async () => {
    const { visitor } = await signedInCustomer();
    const started = await visitor.request("/wallet", { form: { amount: "10", next: "/quick-order" } });
    const checkoutPath = started.headers.get("location")!;
    const paid = await visitor.request(checkoutPath, { form: { intent: "pay" } });
    expect(paid.headers.get("location")).toBe("/wallet?payment=success&next=%2Fquick-order");
  });

  it("declines without crediting", async () => {
    const { id, visitor, deposit, checkoutPath } = await customerWithDeposit();
    const declined = await visitor.request(checkoutPath, { form: { intent: "decline" } });
    expect(declined.status).toBe(302);
    expect(declined.headers.get("location")).toBe("/wallet");
    expect(await balanceOf(id)).toBe(0);
    const [closed] = await db().select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(closed?.status).toBe("failed");
  });

  it("shows a checkout only to the customer who started it", async () => {
    const { checkoutPath } = await customerWithDeposit();
    const stranger = await signedInCustomer();
    expect((await stranger.visitor.request(checkoutPath)).status).toBe(404);
    expect((await stranger.visitor.request(checkoutPath, { form: { intent: "pay" } })).status).toBe(404);
    const anonymous = await new Visitor().request(checkoutPath);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login\?next=/);
  });

  it("refuses a deposit below the minimum with the spec's message", async () => {
    const { visitor, id } = await signedInCustomer();
    const response = await visitor.request("/wallet", { form: { amount: "5" } });
    expect(response.status).toBe(200);
    expect(await db().$count(deposits, eq(deposits.userId, id))).toBe(0);
  });
});
