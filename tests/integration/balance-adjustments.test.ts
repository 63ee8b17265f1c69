import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog, transactions } from "../../app/db/schema.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { adjustBalance, type BalanceAdjustment } from "../../app/domain/wallet/adjust-balance.server.ts";
import { adjustmentForm } from "../../app/domain/wallet/adjustment-form.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { listRecentTransactions } from "../../app/domain/wallet/list-transactions.server.ts";
import { balanceOf, createUser } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

// Product rules 2.8: an admin's credit or debit, one audited `adjustment` row, never below zero.

async function adjustmentRows(userId: string) {
  return db()
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, "adjustment")));
}

async function auditRows(userId: string) {
  return db()
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.action, "wallet.adjust"), eq(adminAuditLog.subjectId, userId)));
}

async function setUp(fundsCents = 0) {
  const admin = await createUser({ admin: true });
  const customer = await createUser({ fundsCents });
  const adjust = (change: Omit<BalanceAdjustment, "adminId" | "userId">) =>
    adjustBalance(db(), { adminId: admin.id, userId: customer.id, ...change });
  return { admin, customer, adjust };
}

describe("balance adjustments", () => {
  it("credits a manual payment: one adjustment row with its kind and reason, and its audit row", async () => {
    const { admin, customer, adjust } = await setUp();
    const result = await adjust({
      kind: "manual_payment",
      direction: "credit",
      amountCents: cents(2_550),
      reason: "  Bank transfer ref 8812  ",
    });
    expect(result).toMatchObject({
      ok: true,
      balanceCents: 2_550,
      notice: {
        title: "Balance adjusted",
        message: "Credited $25.50 (Manual payment). New balance: $25.50.",
      },
    });
    expect(await balanceOf(customer.id)).toBe(2_550);
    const [row, ...others] = await db()
      .select()
      .from(transactions)
      .where(eq(transactions.userId, customer.id));
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      type: "adjustment",
      amountCents: 2_550,
      adminId: admin.id,
      metadata: { kind: "manual_payment", reason: "Bank transfer ref 8812" },
    });
    const audits = await auditRows(customer.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      adminId: admin.id,
      subjectType: "user",
      details: {
        transactionId: row!.id,
        kind: "manual_payment",
        amountCents: 2_550,
        reason: "Bank transfer ref 8812",
        balanceCents: 2_550,
      },
    });
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("debits a correction down to exactly zero", async () => {
    const { customer, adjust } = await setUp(1_000);
    const result = await adjust({
      kind: "correction",
      direction: "debit",
      amountCents: cents(1_000),
      reason: "Deposit credited twice",
    });
    expect(result).toMatchObject({
      ok: true,
      balanceCents: 0,
      notice: { message: "Debited $10.00 (Balance correction). New balance: $0.00." },
    });
    const debits = (await adjustmentRows(customer.id)).filter((row) => row.amountCents < 0);
    expect(debits.map((row) => row.amountCents)).toEqual([-1_000]);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("refuses a debit that would take the balance below zero and writes nothing", async () => {
    const { customer, adjust } = await setUp(1_000);
    const result = await adjust({
      kind: "correction",
      direction: "debit",
      amountCents: cents(1_001),
      reason: "Too much",
    });
    expect(result).toMatchObject({
      ok: false,
      kind: "insufficient_funds",
      title: "Failed to adjust balance",
      field: "amount",
      message: "A debit of $10.01 would take the balance below zero: it is $10.00.",
    });
    expect(await balanceOf(customer.id)).toBe(1_000);
    expect(await adjustmentRows(customer.id)).toHaveLength(1); // the funding only
    expect(await auditRows(customer.id)).toEqual([]);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it.each([
    { case: "zero", amountCents: 0, reason: "Goodwill", field: "amount" },
    { case: "negative", amountCents: -500, reason: "Goodwill", field: "amount" },
    { case: "a fraction of a cent", amountCents: 10.5, reason: "Goodwill", field: "amount" },
    { case: "above $10,000", amountCents: 1_000_001, reason: "Goodwill", field: "amount" },
    { case: "a reason of two characters once trimmed", amountCents: 100, reason: "  ok  ", field: "reason" },
    { case: "a reason of 501 characters", amountCents: 100, reason: "x".repeat(501), field: "reason" },
  ])("refuses $case and writes nothing", async ({ amountCents, reason, field }) => {
    const { customer, adjust } = await setUp();
    // The use case is typed in Cents; a caller that got a bad number past the type is still refused.
    const result = await adjust({
      kind: "goodwill",
      direction: "credit",
      amountCents: amountCents as never,
      reason,
    });
    expect(result).toMatchObject({ ok: false, kind: "invalid", field });
    expect(await adjustmentRows(customer.id)).toEqual([]);
    expect(await auditRows(customer.id)).toEqual([]);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("takes $10,000.00 and a reason of 500 characters, the limits", async () => {
    const { customer, adjust } = await setUp();
    const result = await adjust({
      kind: "goodwill",
      direction: "credit",
      amountCents: cents(1_000_000),
      reason: "y".repeat(500),
    });
    expect(result).toMatchObject({ ok: true, balanceCents: 1_000_000 });
    expect(await balanceOf(customer.id)).toBe(1_000_000);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("refuses a user that does not exist", async () => {
    const { admin } = await setUp();
    const result = await adjustBalance(db(), {
      adminId: admin.id,
      userId: "00000000-0000-4000-8000-000000000000",
      kind: "goodwill",
      direction: "credit",
      amountCents: cents(100),
      reason: "Sorry",
    });
    expect(result).toMatchObject({ ok: false, kind: "not_found", message: "This user does not exist." });
    expect(await auditRows("00000000-0000-4000-8000-000000000000")).toEqual([]);
  });

  it("shows the customer the kind's label, never the admin's reason", async () => {
    const { customer, adjust } = await setUp();
    await adjust({
      kind: "goodwill",
      direction: "credit",
      amountCents: cents(500),
      reason: "Angry customer, VIP",
    });
    await adjust({
      kind: "correction",
      direction: "debit",
      amountCents: cents(200),
      reason: "Double credit",
    });
    await adjust({
      kind: "manual_payment",
      direction: "credit",
      amountCents: cents(300),
      reason: "BTC tx 0xabc",
    });
    const statement = await listRecentTransactions(db(), { userId: customer.id, limit: 10 });
    expect(statement.map((row) => [row.description, row.amountCents])).toEqual([
      ["Manual payment", 300],
      ["Balance correction", -200],
      ["Goodwill credit", 500],
    ]);
    expect(JSON.stringify(statement)).not.toMatch(/VIP|Double|BTC/);
  });
});

describe("the adjustment form", () => {
  const form = {
    intent: "adjust-balance",
    kind: "goodwill",
    direction: "credit",
    amount: "$1,234.56",
    reason: " Late ",
  };

  it("reads dollars into cents and trims the reason", () => {
    expect(adjustmentForm.parse(form)).toEqual({ ...form, amount: 123_456, reason: "Late" });
  });

  it.each([
    ["amount", "0"],
    ["amount", "10.005"],
    ["amount", "10,50"],
    ["amount", "10000.01"],
    ["amount", "-5"],
    ["reason", "  a "],
    ["kind", "gift"],
    ["direction", "sideways"],
  ])("refuses %s %j beside its field", (field, value) => {
    const parsed = adjustmentForm.safeParse({ ...form, [field]: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual([field]);
  });
});

describe("adjustments racing", () => {
  it("20 parallel credits and debits on one wallet end at the exact balance with 20 rows", async () => {
    const { customer, adjust, admin } = await setUp(10_000);
    // Twelve credits of 101..112 cents and eight debits of 500: every debit is affordable in any order.
    const changes = [
      ...Array.from({ length: 12 }, (_, i) => ({
        direction: "credit" as const,
        amountCents: cents(101 + i),
      })),
      ...Array.from({ length: 8 }, () => ({ direction: "debit" as const, amountCents: cents(500) })),
    ];
    const results = await Promise.all(
      changes.map((change, i) => adjust({ kind: "correction", reason: `Race ${i}`, ...change })),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const credits = changes.slice(0, 12).reduce((sum, change) => sum + change.amountCents, 0);
    expect(await balanceOf(customer.id)).toBe(10_000 + credits - 8 * 500);
    const rows = (await adjustmentRows(customer.id)).filter((row) => row.adminId === admin.id);
    expect(rows).toHaveLength(20);
    expect(await auditRows(customer.id)).toHaveLength(20);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("refuses the debits the balance cannot afford while others race, never going below zero", async () => {
    const { customer, adjust } = await setUp(1_000);
    // Five debits of $3 on $10 race five credits of 1 cent: at most three debits plus what the credits add fit.
    const debits = Array.from({ length: 5 }, (_, i) =>
      adjust({ kind: "correction", direction: "debit", amountCents: cents(300), reason: `Debit ${i}` }),
    );
    const creditsRacing = Array.from({ length: 5 }, (_, i) =>
      adjust({ kind: "goodwill", direction: "credit", amountCents: cents(1), reason: `Credit ${i}` }),
    );
    const [debitResults, creditResults] = await Promise.all([
      Promise.all(debits),
      Promise.all(creditsRacing),
    ]);
    expect(creditResults.every((result) => result.ok)).toBe(true);
    const taken = debitResults.filter((result) => result.ok);
    const refused = debitResults.filter((result) => !result.ok);
    expect(taken).toHaveLength(3);
    expect(refused).toHaveLength(2);
    for (const refusal of refused)
      expect(refusal).toMatchObject({ kind: "insufficient_funds", field: "amount" });
    expect(await balanceOf(customer.id)).toBe(1_000 + 5 - 900);
    const rows = await adjustmentRows(customer.id);
    expect(rows.filter((row) => row.amountCents === -300)).toHaveLength(3);
    expect(await auditRows(customer.id)).toHaveLength(8);
    // Every balance the ledger passed through, in order, stayed at or above zero.
    const ordered = await db()
      .select({ amount: transactions.amountCents })
      .from(transactions)
      .where(eq(transactions.userId, customer.id))
      .orderBy(transactions.createdAt, transactions.id);
    let running = 0;
    for (const { amount } of ordered) {
      running += amount;
      expect(running).toBeGreaterThanOrEqual(0);
    }
    expect(await findLedgerMismatches(db())).toEqual([]);
  });
});
