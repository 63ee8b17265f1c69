import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { deposits, sessions } from "../../../app/db/schema.ts";
import { FRESH_CODE_MINUTES, TWO_FACTOR_TEXT } from "../../../app/domain/accounts/two-factor-text.ts";
import { applyGatewayEvent } from "../../../app/domain/payments/apply-gateway-event.server.ts";
import {
  MANUAL_CLAIM_ADMIN_TEXT,
  MANUAL_DEPOSIT_TEXT,
  REVIEW_TEXT,
} from "../../../app/domain/payments/manual-deposit-text.ts";
import { saveManualMethod } from "../../../app/domain/payments/save-manual-method.server.ts";
import { cents } from "../../../app/domain/pricing/cents.ts";
import { balanceOf } from "../../support/factories.ts";
import { createAccount, signedInAdmin, signedInCustomer, Visitor, visibleText } from "../../support/http.ts";
import { signInCodeFor } from "../../support/two-factor.ts";

/**
 * Manual deposits and the review of payment events over HTTP (product rules 16.27-16.28, 16.50-16.59): the wallet's
 * route as its component reads and posts it, the admin pages for each role, and the fresh code an approval asks for.
 * The rules themselves (limits, races, the credit once): tests/integration/manual-deposits.test.ts and
 * payment-review.test.ts; the journeys in a browser: tests/e2e/manual-deposit.test.ts.
 */

async function bankTransfer(name = `Bank transfer ${randomUUID().slice(0, 6)}`) {
  const admin = await createAccount();
  const saved = await saveManualMethod(db(), {
    adminId: admin.id,
    name,
    instructions: "IBAN DE89 3704 0044 0532 0130 00",
    minCents: cents(2_000),
    maxCents: cents(100_000),
    enabled: true,
  });
  if (!saved.ok || !saved.id) throw new Error("method not saved");
  return { id: saved.id, name };
}

async function claim(visitor: Visitor, methodId: string, amount: string, reference = `REF-${randomUUID()}`) {
  const response = await visitor.request("/wallet/manual-deposit", { form: { methodId, amount, reference } });
  return { status: response.status, body: await response.json() };
}

async function ageSessions(userId: string) {
  await db()
    .update(sessions)
    .set({ createdAt: sql`now() - make_interval(mins => ${FRESH_CODE_MINUTES + 5})` })
    .where(eq(sessions.userId, userId));
}

describe("the wallet's manual deposits", () => {
  it("sends a visitor to sign in", async () => {
    const response = await new Visitor().request("/wallet/manual-deposit");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?next=%2Fwallet%2Fmanual-deposit");
  });

  it("lists the enabled methods with the amounts they take, records a claim and refuses one beside its field", async () => {
    const method = await bankTransfer();
    const customer = await signedInCustomer();

    const read = await (await customer.visitor.request("/wallet/manual-deposit")).json();
    expect(read.methods).toEqual(
      expect.arrayContaining([
        {
          id: method.id,
          name: method.name,
          instructions: "IBAN DE89 3704 0044 0532 0130 00",
          minCents: 2_000,
          maxCents: 100_000,
        },
      ]),
    );
    expect(read.claims).toEqual([]);

    expect(await claim(customer.visitor, method.id, "19.99")).toEqual({
      status: 200,
      body: {
        ok: false,
        notice: { title: MANUAL_DEPOSIT_TEXT.refusedTitle, message: "Minimum deposit is $20" },
        fieldErrors: { amount: "Minimum deposit is $20" },
      },
    });
    expect(await claim(customer.visitor, method.id, "25", "")).toMatchObject({
      body: { ok: false, fieldErrors: { reference: MANUAL_DEPOSIT_TEXT.reference } },
    });
    const made = await claim(customer.visitor, method.id, "25", "WIRE-1");
    expect(made.body).toEqual({
      ok: true,
      notice: {
        title: MANUAL_DEPOSIT_TEXT.claimTitle,
        message: MANUAL_DEPOSIT_TEXT.claimed(2_500, method.name),
      },
    });
    const after = await (await customer.visitor.request("/wallet/manual-deposit")).json();
    expect(after.claims).toMatchObject([{ amountCents: 2_500, reference: "WIRE-1", status: "pending" }]);
    expect(await balanceOf(customer.id)).toBe(0);
  });
});

describe("the admin's manual deposits page", () => {
  it("shows support the claims without Approve or Reject, and refuses its post", async () => {
    const method = await bankTransfer();
    const customer = await signedInCustomer();
    const { body } = await claim(customer.visitor, method.id, "30");
    expect(body.ok).toBe(true);
    const [deposit] = await db().select().from(deposits).where(eq(deposits.userId, customer.id));

    const support = await signedInAdmin({ role: "support" });
    const page = visibleText(await (await support.visitor.request("/admin/payments/manual")).text());
    expect(page).toContain(customer.email);
    expect(page).not.toContain("Approve");
    expect(page).not.toContain("Reason if rejected");
    const post = await support.visitor.request("/admin/payments/manual.data", {
      form: { intent: "reject-claim", depositId: deposit!.id, reason: "Not received" },
    });
    expect(post.status).toBe(403);
    expect(await balanceOf(customer.id)).toBe(0);
  });

  it("asks for a fresh code before an approval credits the wallet; a rejection needs none", async () => {
    const method = await bankTransfer();
    const customer = await signedInCustomer();
    await claim(customer.visitor, method.id, "40", "WIRE-APPROVE");
    await claim(customer.visitor, method.id, "45", "WIRE-REJECT");
    const rows = await db().select().from(deposits).where(eq(deposits.userId, customer.id));
    const approveId = rows.find((row) => row.providerReference === "WIRE-APPROVE")!.id;
    const rejectId = rows.find((row) => row.providerReference === "WIRE-REJECT")!.id;

    const admin = await signedInAdmin();
    await ageSessions(admin.id);
    const page = visibleText(await (await admin.visitor.request("/admin/payments/manual")).text());
    expect(page).toContain("WIRE-APPROVE");
    expect(page).toContain(TWO_FACTOR_TEXT.confirmLabel);

    const approve = (extra: Record<string, string> = {}) =>
      admin.visitor.request("/admin/payments/manual.data", {
        form: { intent: "approve-claim", depositId: approveId, ...extra },
      });
    expect(await (await approve()).text()).toContain(TWO_FACTOR_TEXT.confirmNeeded);
    expect(await balanceOf(customer.id)).toBe(0);
    const approved = await approve({ secondFactorCode: (await signInCodeFor(admin.email)) ?? "" });
    expect(await approved.text()).toContain(MANUAL_CLAIM_ADMIN_TEXT.approved(4_000, customer.email));
    expect(await balanceOf(customer.id)).toBe(4_000);

    const rejected = await admin.visitor.request("/admin/payments/manual.data", {
      form: { intent: "reject-claim", depositId: rejectId, reason: "No transfer arrived" },
    });
    expect(await rejected.text()).toContain(MANUAL_CLAIM_ADMIN_TEXT.rejected(customer.email));
    const wallet = await (await customer.visitor.request("/wallet/manual-deposit")).json();
    expect(wallet.claims).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reference: "WIRE-APPROVE", status: "completed" }),
        expect.objectContaining({
          reference: "WIRE-REJECT",
          status: "failed",
          reason: "No transfer arrived",
        }),
      ]),
    );
  });
});

describe("the payments to review", () => {
  it("lists an event for support to read, and an admin marks it reviewed with a note", async () => {
    const customer = await createAccount();
    const [deposit] = await db()
      .insert(deposits)
      .values({
        userId: customer.id,
        amountCents: cents(2_500),
        provider: "sandbox",
        providerReference: `cs_${randomUUID()}`,
      })
      .returning();
    const eventId = `evt_http_review_${randomUUID()}`;
    await applyGatewayEvent(db(), {
      id: eventId,
      type: "checkout.session.completed",
      gateway: "sandbox",
      payload: {},
      change: {
        kind: "paid",
        depositId: deposit!.id,
        reference: deposit!.providerReference!,
        amountCents: cents(250),
        currency: "usd",
      },
    });

    const support = await signedInAdmin({ role: "support" });
    const seen = visibleText(await (await support.visitor.request("/admin/payments/review")).text());
    expect(seen).toContain(eventId);
    expect(seen).toContain(customer.email);
    expect(seen).not.toContain("Mark reviewed");
    const refused = await support.visitor.request("/admin/payments/review.data", {
      form: { intent: "mark-reviewed", eventId, note: "Looked at it" },
    });
    expect(refused.status).toBe(403);

    const admin = await signedInAdmin();
    const list = visibleText(await (await admin.visitor.request("/admin/payments/review")).text());
    expect(list).toContain("Mark reviewed");
    const marked = await admin.visitor.request("/admin/payments/review.data", {
      form: { intent: "mark-reviewed", eventId, note: "Refunded the $2.50 at the gateway" },
    });
    expect(await marked.text()).toContain(REVIEW_TEXT.reviewed(eventId));
    expect(visibleText(await (await admin.visitor.request("/admin/payments/review")).text())).not.toContain(
      eventId,
    );
    const reviewed = visibleText(
      await (await admin.visitor.request("/admin/payments/review?show=reviewed")).text(),
    );
    expect(reviewed).toContain(eventId);
    expect(reviewed).toContain("Refunded the $2.50 at the gateway");
  });
});
