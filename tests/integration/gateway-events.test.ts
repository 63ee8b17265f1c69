import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { deposits, paymentEvents, transactions } from "../../app/db/schema.ts";
import { applyGatewayEvent } from "../../app/domain/payments/apply-gateway-event.server.ts";
import type { GatewayEvent, GatewayEventKind } from "../../app/domain/payments/gateway.ts";
import { listEventsToReview } from "../../app/domain/payments/list-events-to-review.server.ts";
import { startDeposit } from "../../app/domain/payments/start-deposit.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// The one path every gateway's normalised events go through (docs/decisions/057), fed here directly, as a
// gateway's verifyEvent or capture would feed it after checking a signature.

beforeEach(resetDatabase);
afterEach(async () => {
  expect(await findLedgerMismatches(db())).toEqual([]);
});

async function startedDeposit(amountCents = 2_500) {
  const user = await createUser();
  const started = await startDeposit(db(), { userId: user.id, amountCents: cents(amountCents) });
  if (!started.ok) throw new Error(`deposit not started: ${started.message}`);
  const [deposit] = await db().select().from(deposits).where(eq(deposits.id, started.depositId));
  return { user, deposit: deposit! };
}

function gatewayEvent(
  deposit: { id: string; amountCents: number; providerReference: string | null },
  overrides: { kind?: GatewayEventKind; amountCents?: number; currency?: string; id?: string } = {},
): GatewayEvent {
  return {
    id: overrides.id ?? `evt_gateway_${randomUUID()}`,
    type: `test.${overrides.kind ?? "paid"}`,
    gateway: "sandbox",
    payload: { test: true },
    change: {
      kind: overrides.kind ?? "paid",
      depositId: deposit.id,
      reference: deposit.providerReference!,
      amountCents: cents(overrides.amountCents ?? deposit.amountCents),
      currency: overrides.currency ?? "USD",
    },
  };
}

async function depositStatus(depositId: string) {
  const [row] = await db()
    .select({ status: deposits.status })
    .from(deposits)
    .where(eq(deposits.id, depositId));
  return row?.status;
}

async function storedEvent(eventId: string) {
  const [row] = await db().select().from(paymentEvents).where(eq(paymentEvents.id, eventId));
  return row;
}

describe("a normalised paid event", () => {
  it("credits exactly once when it is replayed 20 times in parallel", async () => {
    const { user, deposit } = await startedDeposit(2_500);
    const event = gatewayEvent(deposit);
    const applied = await Promise.all(Array.from({ length: 20 }, () => applyGatewayEvent(db(), event)));

    expect(applied.filter((answer) => !answer.duplicate)).toEqual([{ duplicate: false, result: "credited" }]);
    expect(await balanceOf(user.id)).toBe(2_500);
    expect(await db().$count(transactions, eq(transactions.depositId, deposit.id))).toBe(1);
    expect(await depositStatus(deposit.id)).toBe("completed");
    expect(await storedEvent(event.id)).toMatchObject({ depositId: deposit.id, result: "credited" });
  });

  it("credits once when 20 different events report the same payment at the same time", async () => {
    const { user, deposit } = await startedDeposit(1_500);
    const applied = await Promise.all(
      Array.from({ length: 20 }, () => applyGatewayEvent(db(), gatewayEvent(deposit))),
    );
    const results = applied.map((answer) => (answer.duplicate ? "duplicate" : answer.result));
    expect(results.filter((result) => result === "credited")).toHaveLength(1);
    expect(results.filter((result) => result === "already_settled")).toHaveLength(19);
    expect(await balanceOf(user.id)).toBe(1_500);
    expect(await listEventsToReview(db())).toEqual([]);
  });
});

describe("an event that does not match its deposit", () => {
  it("is refused when the amount differs, recorded, and listed for an admin", async () => {
    const { user, deposit } = await startedDeposit(2_500);
    const event = gatewayEvent(deposit, { amountCents: 250 });
    expect(await applyGatewayEvent(db(), event)).toEqual({ duplicate: false, result: "amount_mismatch" });
    expect(await balanceOf(user.id)).toBe(0);
    expect(await depositStatus(deposit.id)).toBe("pending");
    expect(await storedEvent(event.id)).toMatchObject({ depositId: deposit.id, result: "amount_mismatch" });
    expect(await listEventsToReview(db())).toMatchObject([
      { id: event.id, gateway: "sandbox", depositId: deposit.id, result: "amount_mismatch" },
    ]);
  });

  it("is refused when the currency differs, even for the same number of cents", async () => {
    const { user, deposit } = await startedDeposit(2_500);
    const event = gatewayEvent(deposit, { currency: "EUR" });
    expect(await applyGatewayEvent(db(), event)).toEqual({ duplicate: false, result: "amount_mismatch" });
    expect(await balanceOf(user.id)).toBe(0);
    expect(await listEventsToReview(db())).toMatchObject([{ id: event.id, result: "amount_mismatch" }]);
  });

  it("is refused when it names another payment than the one opened for the deposit", async () => {
    const { user, deposit } = await startedDeposit(2_500);
    const event = gatewayEvent({ ...deposit, providerReference: "cs_someone_else" });
    expect(await applyGatewayEvent(db(), event)).toEqual({ duplicate: false, result: "reference_mismatch" });
    expect(await balanceOf(user.id)).toBe(0);
    expect(await listEventsToReview(db())).toMatchObject([{ id: event.id, result: "reference_mismatch" }]);
  });

  it("is kept without a deposit when the deposit it names does not exist", async () => {
    const event = gatewayEvent({ id: randomUUID(), amountCents: 1_000, providerReference: "cs_nowhere" });
    expect(await applyGatewayEvent(db(), event)).toEqual({ duplicate: false, result: "not_found" });
    expect(await storedEvent(event.id)).toMatchObject({ depositId: null, result: "not_found" });
  });
});

describe("late, closing and refund events", () => {
  it("expires a pending deposit; a replay or a later paid event changes nothing and the payment is kept for review", async () => {
    const { user, deposit } = await startedDeposit(2_500);
    const expired = gatewayEvent(deposit, { kind: "expired" });
    expect(await applyGatewayEvent(db(), expired)).toEqual({ duplicate: false, result: "expired" });
    expect(await applyGatewayEvent(db(), expired)).toEqual({ duplicate: true });
    expect(await applyGatewayEvent(db(), gatewayEvent(deposit, { kind: "failed" }))).toEqual({
      duplicate: false,
      result: "already_settled",
    });
    const late = gatewayEvent(deposit);
    expect(await applyGatewayEvent(db(), late)).toEqual({ duplicate: false, result: "paid_after_closing" });
    expect(await depositStatus(deposit.id)).toBe("expired");
    expect(await balanceOf(user.id)).toBe(0);
    expect(await listEventsToReview(db())).toMatchObject([{ id: late.id, result: "paid_after_closing" }]);
  });

  it("never closes a paid deposit", async () => {
    const { user, deposit } = await startedDeposit(2_500);
    await applyGatewayEvent(db(), gatewayEvent(deposit));
    expect(await applyGatewayEvent(db(), gatewayEvent(deposit, { kind: "failed" }))).toEqual({
      duplicate: false,
      result: "already_settled",
    });
    expect(await depositStatus(deposit.id)).toBe("completed");
    expect(await balanceOf(user.id)).toBe(2_500);
  });

  it("records a refund for an admin and moves no money on its own", async () => {
    const { user, deposit } = await startedDeposit(2_500);
    await applyGatewayEvent(db(), gatewayEvent(deposit));
    const refund = gatewayEvent(deposit, { kind: "refunded" });
    expect(await applyGatewayEvent(db(), refund)).toEqual({ duplicate: false, result: "refunded_to_review" });
    expect(await balanceOf(user.id)).toBe(2_500);
    expect(await depositStatus(deposit.id)).toBe("completed");
    expect(await listEventsToReview(db())).toMatchObject([{ id: refund.id, depositId: deposit.id }]);
  });
});
