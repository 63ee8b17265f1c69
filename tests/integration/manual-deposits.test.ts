import "../support/worker-database.ts";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog, deposits, mailOutbox, paymentEvents, transactions } from "../../app/db/schema.ts";
import { approveManualDeposit } from "../../app/domain/payments/approve-manual-deposit.server.ts";
import { claimManualDeposit } from "../../app/domain/payments/claim-manual-deposit.server.ts";
import { listEventsToReview } from "../../app/domain/payments/list-events-to-review.server.ts";
import { listCustomerClaims, listManualClaims } from "../../app/domain/payments/list-manual-claims.server.ts";
import { listManualMethods } from "../../app/domain/payments/list-manual-methods.server.ts";
import {
  MANUAL_CLAIM_ADMIN_TEXT,
  MANUAL_DEPOSIT_TEXT,
  MANUAL_METHOD_TEXT,
  MAX_PENDING_CLAIMS,
} from "../../app/domain/payments/manual-deposit-text.ts";
import { DEPOSIT_TEXT } from "../../app/domain/payments/messages.ts";
import { rejectManualDeposit } from "../../app/domain/payments/reject-manual-deposit.server.ts";
import { saveManualMethod } from "../../app/domain/payments/save-manual-method.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Manual deposit methods (product rules 16.50-16.59, docs/decisions/059): an operator's bank transfer, a customer's
// claim, and an admin's approval or rejection through applyGatewayEvent. The pages: tests/integration/http/
// manual-deposits.test.ts; the journeys in a browser: tests/e2e/manual-deposit.test.ts.

beforeEach(resetDatabase);
afterEach(async () => {
  expect(await findLedgerMismatches(db())).toEqual([]);
});

const INSTRUCTIONS =
  "IBAN DE89 3704 0044 0532 0130 00, Boostly Ltd. Write your account e-mail as the reference.";

async function bankTransfer(overrides: { minCents?: number; maxCents?: number; enabled?: boolean } = {}) {
  const admin = await createUser({ admin: true });
  const saved = await saveManualMethod(db(), {
    adminId: admin.id,
    name: "Bank transfer",
    instructions: INSTRUCTIONS,
    minCents: cents(overrides.minCents ?? 2_000),
    maxCents: cents(overrides.maxCents ?? 500_000),
    enabled: overrides.enabled ?? true,
  });
  if (!saved.ok || !saved.id) throw new Error(`method not saved: ${JSON.stringify(saved)}`);
  return { admin, methodId: saved.id };
}

let referenceCount = 0;
async function claim(userId: string, methodId: string, amount = "50", reference?: string) {
  return claimManualDeposit(db(), {
    userId,
    methodId,
    amount,
    reference: reference ?? `TRANSFER-${++referenceCount}-${userId.slice(0, 8)}`,
  });
}

async function claimed(userId: string, methodId: string, amount = "50") {
  const made = await claim(userId, methodId, amount);
  if (!made.ok) throw new Error(`claim refused: ${made.message}`);
  return made.depositId;
}

async function auditRows(action: string, subjectId: string) {
  return db()
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.subjectId, subjectId)));
}

describe("an operator's methods", () => {
  it("are saved and changed with an audit row each, and the wallet lists only the enabled ones", async () => {
    const { admin, methodId } = await bankTransfer();
    const other = await saveManualMethod(db(), {
      adminId: admin.id,
      name: "Western Union",
      instructions: "Send to Boostly Ltd, London.",
      minCents: cents(5_000),
      maxCents: cents(100_000),
      enabled: false,
    });
    expect(other.ok).toBe(true);
    expect((await listManualMethods(db(), { enabledOnly: true })).map((method) => method.name)).toEqual([
      "Bank transfer",
    ]);
    expect(await listManualMethods(db(), { enabledOnly: false })).toHaveLength(2);

    const changed = await saveManualMethod(db(), {
      adminId: admin.id,
      id: methodId,
      name: "SEPA transfer",
      instructions: INSTRUCTIONS,
      minCents: cents(1_000),
      maxCents: cents(200_000),
      enabled: true,
    });
    expect(changed).toMatchObject({ ok: true, notice: { message: "SEPA transfer is saved." } });
    expect(await auditRows("deposit_method.create", methodId)).toHaveLength(1);
    expect(await auditRows("deposit_method.update", methodId)).toMatchObject([
      { adminId: admin.id, details: { name: "SEPA transfer", minCents: 1_000, maxCents: 200_000 } },
    ]);
  });

  it("refuses a maximum below the minimum and writes nothing", async () => {
    const admin = await createUser({ admin: true });
    const refused = await saveManualMethod(db(), {
      adminId: admin.id,
      name: "Bank transfer",
      instructions: INSTRUCTIONS,
      minCents: cents(5_000),
      maxCents: cents(1_000),
      enabled: true,
    });
    expect(refused).toMatchObject({ ok: false, fieldErrors: { max: MANUAL_METHOD_TEXT.limits } });
    expect(await listManualMethods(db(), { enabledOnly: false })).toEqual([]);
  });
});

describe("a customer's claim", () => {
  it("records a pending manual deposit with their reference, and moves no money", async () => {
    const { methodId } = await bankTransfer();
    const customer = await createUser();
    const made = await claim(customer.id, methodId, "120.50", "  BOOSTLY-4711  ");
    expect(made).toMatchObject({ ok: true, amountCents: 12_050, methodName: "Bank transfer" });
    const [row] = await db().select().from(deposits).where(eq(deposits.userId, customer.id));
    expect(row).toMatchObject({
      provider: "manual",
      status: "pending",
      providerReference: "BOOSTLY-4711",
      amountCents: 12_050,
      manualMethodId: methodId,
    });
    expect(await balanceOf(customer.id)).toBe(0);
    expect(await listCustomerClaims(db(), customer.id)).toMatchObject([
      { methodName: "Bank transfer", amountCents: 12_050, reference: "BOOSTLY-4711", status: "pending" },
    ]);
  });

  it.each([
    ["below the method's minimum", "15", "Minimum deposit is $20"],
    ["above the method's maximum", "5000.01", "Maximum deposit is $5,000"],
    ["with a comma for cents", "25,50", DEPOSIT_TEXT.commaInAmount],
    ["that is not an amount", "twenty", DEPOSIT_TEXT.notAnAmount],
  ])("refuses an amount %s beside the field, recording nothing", async (_case, amount, message) => {
    const { methodId } = await bankTransfer();
    const customer = await createUser();
    expect(await claim(customer.id, methodId, amount)).toMatchObject({
      ok: false,
      kind: "invalid",
      field: "amount",
      message,
      title: MANUAL_DEPOSIT_TEXT.refusedTitle,
    });
    expect(await db().$count(deposits, eq(deposits.userId, customer.id))).toBe(0);
  });

  it("keeps the shop's own deposit limits when the method's are wider", async () => {
    const { methodId } = await bankTransfer({ minCents: 100, maxCents: 10_000_000 });
    const customer = await createUser();
    expect(await claim(customer.id, methodId, "5")).toMatchObject({ message: "Minimum deposit is $10" });
    expect(await claim(customer.id, methodId, "10000.01")).toMatchObject({
      message: "Maximum deposit is $10,000",
    });
  });

  it("refuses a disabled method, and a reference already claimed", async () => {
    const { methodId } = await bankTransfer({ enabled: false });
    const customer = await createUser();
    expect(await claim(customer.id, methodId)).toMatchObject({
      ok: false,
      message: MANUAL_DEPOSIT_TEXT.method,
    });

    const { methodId: enabled } = await bankTransfer();
    expect((await claim(customer.id, enabled, "50", "SAME-REF")).ok).toBe(true);
    const other = await createUser();
    expect(await claim(other.id, enabled, "50", "SAME-REF")).toMatchObject({
      ok: false,
      field: "reference",
      message: MANUAL_DEPOSIT_TEXT.referenceTaken,
    });
  });

  it(`keeps at most ${MAX_PENDING_CLAIMS} claims waiting when 10 are made at once`, async () => {
    const { methodId } = await bankTransfer();
    const customer = await createUser();
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(customer.id, methodId)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(MAX_PENDING_CLAIMS);
    expect(answers.filter((answer) => !answer.ok)).toEqual(
      Array.from({ length: 10 - MAX_PENDING_CLAIMS }, () =>
        expect.objectContaining({ kind: "conflict", message: MANUAL_DEPOSIT_TEXT.tooManyPending }),
      ),
    );
    expect(await db().$count(deposits, eq(deposits.userId, customer.id))).toBe(MAX_PENDING_CLAIMS);
  });
});

describe("an admin's decision", () => {
  it("credits an approved claim once through the gateway events, with the receipt and an audit row", async () => {
    const { admin, methodId } = await bankTransfer();
    const customer = await createUser();
    const depositId = await claimed(customer.id, methodId, "75");

    expect(await approveManualDeposit(db(), { adminId: admin.id, depositId })).toEqual({
      ok: true,
      notice: {
        title: MANUAL_CLAIM_ADMIN_TEXT.approvedTitle,
        message: MANUAL_CLAIM_ADMIN_TEXT.approved(7_500, customer.email),
      },
    });
    expect(await balanceOf(customer.id)).toBe(7_500);
    const [event] = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, `manual:approve:${depositId}`));
    expect(event).toMatchObject({
      provider: "manual",
      result: "credited",
      depositId,
      reportedAmountCents: 7_500,
    });
    const [credit] = await db().select().from(transactions).where(eq(transactions.depositId, depositId));
    expect(credit).toMatchObject({ type: "deposit", amountCents: 7_500, paymentMethod: "manual" });
    expect(await db().$count(mailOutbox, eq(mailOutbox.to, customer.email))).toBe(1);
    expect(await auditRows("deposit.approve", depositId)).toMatchObject([
      { adminId: admin.id, details: { userId: customer.id, amountCents: 7_500 } },
    ]);
    expect(await listCustomerClaims(db(), customer.id)).toMatchObject([{ status: "completed" }]);
  });

  it("credits once when 10 admins approve the same claim at the same time", async () => {
    const { admin, methodId } = await bankTransfer();
    const customer = await createUser();
    const depositId = await claimed(customer.id, methodId, "40");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => approveManualDeposit(db(), { adminId: admin.id, depositId })),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok)).toEqual(
      Array.from({ length: 9 }, () =>
        expect.objectContaining({ kind: "conflict", message: MANUAL_CLAIM_ADMIN_TEXT.settled }),
      ),
    );
    expect(await balanceOf(customer.id)).toBe(4_000);
    expect(await db().$count(transactions, eq(transactions.depositId, depositId))).toBe(1);
    expect(await auditRows("deposit.approve", depositId)).toHaveLength(1);
    expect(await db().$count(mailOutbox, eq(mailOutbox.to, customer.email))).toBe(1);
  });

  it("lets exactly one of an approval and a rejection racing each other win, ten times over", async () => {
    const { admin, methodId } = await bankTransfer();
    for (let round = 0; round < 10; round++) {
      const customer = await createUser();
      const depositId = await claimed(customer.id, methodId, "30");
      const [approved, rejected] = await Promise.all([
        approveManualDeposit(db(), { adminId: admin.id, depositId }),
        rejectManualDeposit(db(), {
          adminId: admin.id,
          depositId,
          reason: "No transfer with this reference",
        }),
      ]);
      expect([approved.ok, rejected.ok].filter(Boolean)).toHaveLength(1);
      const [row] = await db()
        .select({ status: deposits.status })
        .from(deposits)
        .where(eq(deposits.id, depositId));
      expect(row?.status).toBe(approved.ok ? "completed" : "failed");
      expect(await balanceOf(customer.id)).toBe(approved.ok ? 3_000 : 0);
      // The loser recorded no event, so nothing lands on the review list.
      expect(await db().$count(paymentEvents, eq(paymentEvents.depositId, depositId))).toBe(1);
    }
    expect(await listEventsToReview(db())).toEqual([]);
  });

  it("rejects with the reason the customer reads, audited; a later approval is refused", async () => {
    const { admin, methodId } = await bankTransfer();
    const customer = await createUser();
    const depositId = await claimed(customer.id, methodId, "60");
    const reason = "We found no transfer with this reference.";
    expect(await rejectManualDeposit(db(), { adminId: admin.id, depositId, reason: `  ${reason} ` })).toEqual(
      {
        ok: true,
        notice: {
          title: MANUAL_CLAIM_ADMIN_TEXT.rejectedTitle,
          message: MANUAL_CLAIM_ADMIN_TEXT.rejected(customer.email),
        },
      },
    );
    expect(await listCustomerClaims(db(), customer.id)).toMatchObject([{ status: "failed", reason }]);
    expect(await auditRows("deposit.reject", depositId)).toMatchObject([{ details: { reason } }]);
    expect(await approveManualDeposit(db(), { adminId: admin.id, depositId })).toMatchObject({
      ok: false,
      message: MANUAL_CLAIM_ADMIN_TEXT.settled,
    });
    expect(await balanceOf(customer.id)).toBe(0);
    expect(await listEventsToReview(db())).toEqual([]);
  });

  it("refuses a deposit that is not a manual claim", async () => {
    const admin = await createUser({ admin: true });
    const customer = await createUser();
    const [hosted] = await db()
      .insert(deposits)
      .values({
        userId: customer.id,
        amountCents: cents(2_500),
        provider: "sandbox",
        providerReference: "cs_x",
      })
      .returning();
    expect(await approveManualDeposit(db(), { adminId: admin.id, depositId: hosted!.id })).toMatchObject({
      ok: false,
      kind: "not_found",
    });
  });

  it("lists the claims for the admins pending first, oldest first, then the decided ones", async () => {
    const { admin, methodId } = await bankTransfer();
    const first = await createUser();
    const second = await createUser();
    const decided = await claimed(first.id, methodId, "20");
    const older = await claimed(first.id, methodId, "21");
    const newer = await claimed(second.id, methodId, "22");
    await rejectManualDeposit(db(), { adminId: admin.id, depositId: decided, reason: "Not received" });
    expect((await listManualClaims(db())).map((row) => [row.depositId, row.status, row.email])).toEqual([
      [older, "pending", first.email],
      [newer, "pending", second.email],
      [decided, "failed", first.email],
    ]);
  });
});
