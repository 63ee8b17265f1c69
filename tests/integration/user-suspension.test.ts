import "../support/worker-database.ts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  accountSuspensions,
  adminAuditLog,
  fulfilments,
  orders,
  sessions,
  transactions,
} from "../../app/db/schema.ts";
import {
  readSuspension,
  suspendAccount,
  unsuspendAccount,
} from "../../app/domain/accounts/suspend-account.server.ts";
import { SUSPENSION_TEXT } from "../../app/domain/accounts/user-controls-text.ts";
import { mapProviderService } from "../../app/domain/fulfilment/provider-services.server.ts";
import { runFulfilmentRound } from "../../app/domain/order-lifecycle/run-fulfilment-round.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { answerApiRequest } from "../../app/domain/reseller/answer-api-request.server.ts";
import { authenticateApiKey, createApiKey } from "../../app/domain/reseller/api-keys.server.ts";
import { API_TEXT } from "../../app/domain/reseller/api-text.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { addProviderFromForm } from "../../app/routes/admin.providers.$providerId/provider-page-actions.server.ts";
import { balanceOf, createUser, serviceBySlug, serviceId } from "../support/factories.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { steerablePanel } from "../support/steerable-panel.ts";
import { resetDatabase } from "../support/worker-database.ts";

const ROUND = { leaseSeconds: 60, pollSeconds: 30 };
const panel = steerablePanel({
  key: "panel-secret-key-1234",
  services: [{ service: 11, name: "Panel Likes", rate: "1.2000", min: 10, max: 5000 }],
});
let panelServer: FakePanel;

beforeAll(async () => {
  panelServer = await startFakePanel((form) => panel.answer(form));
});
afterAll(() => panelServer.close());

beforeEach(async () => {
  await resetDatabase();
  await db().execute(
    sql`truncate table fulfilments, provider_services, providers, simulated_provider_orders cascade`,
  );
  panel.reset();
});

/** A session row as better-auth writes it at sign-in. */
async function openSession(userId: string) {
  await db()
    .insert(sessions)
    .values({ userId, token: `token-${crypto.randomUUID()}`, expiresAt: new Date(Date.now() + 86_400_000) });
}

async function newKey(userId: string) {
  const created = await createApiKey(db(), { userId, name: "My panel" });
  if (!created.ok) throw new Error(created.message);
  return created.key;
}

async function auditOf(userId: string) {
  return db()
    .select({ action: adminAuditLog.action, adminId: adminAuditLog.adminId, details: adminAuditLog.details })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.subjectType, "user"), eq(adminAuditLog.subjectId, userId)))
    .orderBy(adminAuditLog.id);
}

describe("suspending a customer (product rules 15.20-15.22)", () => {
  it("needs a reason, refuses an unknown user and the admin's own account, and writes nothing when refused", async () => {
    const admin = await createUser({ admin: true });
    const customer = await createUser();
    expect(
      await suspendAccount(db(), { adminId: admin.id, userId: customer.id, reason: "   " }),
    ).toMatchObject({
      ok: false,
      kind: "invalid",
      fieldErrors: { reason: SUSPENSION_TEXT.reason },
    });
    expect(
      await suspendAccount(db(), { adminId: admin.id, userId: customer.id, reason: "x".repeat(501) }),
    ).toMatchObject({ ok: false, fieldErrors: { reason: SUSPENSION_TEXT.reason } });
    expect(
      await suspendAccount(db(), { adminId: admin.id, userId: crypto.randomUUID(), reason: "Fraud" }),
    ).toMatchObject({ ok: false, kind: "not_found", message: SUSPENSION_TEXT.noUser });
    expect(await suspendAccount(db(), { adminId: admin.id, userId: admin.id, reason: "Test" })).toMatchObject(
      {
        ok: false,
        kind: "forbidden",
        message: SUSPENSION_TEXT.notYourself,
      },
    );
    expect(await unsuspendAccount(db(), { adminId: admin.id, userId: customer.id })).toMatchObject({
      ok: false,
      kind: "conflict",
      message: SUSPENSION_TEXT.notSuspended,
    });
    expect(await db().$count(accountSuspensions)).toBe(0);
    expect(await auditOf(customer.id)).toEqual([]);
  });

  it("ends every session at once and records who did it and why; unsuspending is recorded too", async () => {
    const admin = await createUser({ admin: true });
    const customer = await createUser();
    const other = await createUser();
    await openSession(customer.id);
    await openSession(customer.id);
    await openSession(other.id);

    const suspended = await suspendAccount(db(), {
      adminId: admin.id,
      userId: customer.id,
      reason: " Chargeback fraud ",
    });
    expect(suspended).toEqual({
      ok: true,
      notice: { title: SUSPENSION_TEXT.suspendedTitle, message: SUSPENSION_TEXT.suspended },
    });
    expect(await db().$count(sessions, eq(sessions.userId, customer.id))).toBe(0);
    expect(await db().$count(sessions, eq(sessions.userId, other.id))).toBe(1);
    expect(await readSuspension(db(), customer.id)).toMatchObject({
      reason: "Chargeback fraud",
      suspendedBy: admin.id,
    });
    expect(
      await suspendAccount(db(), { adminId: admin.id, userId: customer.id, reason: "Again" }),
    ).toMatchObject({
      ok: false,
      kind: "conflict",
      message: SUSPENSION_TEXT.alreadySuspended,
    });

    expect((await unsuspendAccount(db(), { adminId: admin.id, userId: customer.id })).ok).toBe(true);
    expect(await readSuspension(db(), customer.id)).toBeNull();
    expect(await auditOf(customer.id)).toEqual([
      {
        action: "user.suspend",
        adminId: admin.id,
        details: { reason: "Chargeback fraud", sessionsEnded: 2 },
      },
      { action: "user.unsuspend", adminId: admin.id, details: { suspendedFor: "Chargeback fraud" } },
    ]);
  });

  it("refuses the customer's API keys, even one this server remembers, charging nothing; unsuspending restores them", async () => {
    const admin = await createUser({ admin: true });
    const customer = await createUser({ fundsCents: 10_000 });
    const key = await newKey(customer.id);
    const likes = await serviceBySlug("instagram-likes");
    const add = (post: string) => ({
      key,
      action: "add",
      service: String(likes.apiId),
      link: `https://www.instagram.com/p/${post}/`,
      quantity: "150",
    });
    // The first order makes this process remember the key's owner: the next order is checked by its statement.
    expect(await answerApiRequest(db(), add("Before1"))).toMatchObject({
      body: { order: expect.any(Number) },
    });

    await suspendAccount(db(), { adminId: admin.id, userId: customer.id, reason: "Fraud" });
    const invalid = { body: { error: API_TEXT.invalidKey } };
    expect(await answerApiRequest(db(), add("During1"))).toEqual(invalid);
    expect(await answerApiRequest(db(), { key, action: "balance" })).toEqual(invalid);
    expect(await answerApiRequest(db(), { key, action: "services" })).toEqual(invalid);
    expect(await authenticateApiKey(db(), key)).toMatchObject({ ok: false, message: API_TEXT.invalidKey });
    expect(await db().$count(orders, eq(orders.userId, customer.id))).toBe(1);
    expect(await balanceOf(customer.id)).toBe(10_000 - 60);

    await unsuspendAccount(db(), { adminId: admin.id, userId: customer.id });
    expect(await answerApiRequest(db(), { key, action: "balance" })).toMatchObject({
      body: { balance: "99.40", currency: "USD" },
    });
    expect(await answerApiRequest(db(), add("After1"))).toMatchObject({
      body: { order: expect.any(Number) },
    });
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("leaves orders in flight alone: the worker sends, completes and refunds them as for anyone", async () => {
    const admin = await createUser({ admin: true });
    const added = await addProviderFromForm(db(), {
      adminId: admin.id,
      form: { name: "Test Panel", apiUrl: panelServer.url, apiKey: "panel-secret-key-1234" },
    });
    if (!added.ok) throw new Error(added.message);
    const likesId = await serviceId("Instagram Likes");
    await mapProviderService(db(), {
      adminId: admin.id,
      providerId: added.providerId,
      providerServiceId: "11",
      serviceId: likesId,
    });
    const customer = await createUser({ fundsCents: 1_000 });
    const place = async (post: string) => {
      const placed = await placeOrder(db(), {
        userId: customer.id,
        serviceId: likesId,
        quantity: 150,
        targetLink: `https://www.instagram.com/p/${post}/`,
        deliverySpeed: "normal",
      });
      if (!placed.ok) throw new Error(placed.message);
      return placed.order;
    };
    const sent = await place("Sent1");
    await runFulfilmentRound(db(), ROUND);
    const waiting = await place("Waiting1");

    await suspendAccount(db(), { adminId: admin.id, userId: customer.id, reason: "Fraud" });
    // The order placed before suspension but not yet sent is sent all the same.
    await runFulfilmentRound(db(), ROUND);
    const submissions = await db().select().from(fulfilments);
    expect(submissions.map((row) => row.state).sort()).toEqual(["submitted", "submitted"]);
    const upstreamOf = (orderId: string) =>
      panel.orders.get(Number(submissions.find((row) => row.orderId === orderId)!.providerOrderId))!;
    Object.assign(upstreamOf(sent.id), { status: "Completed", remains: 0 });
    Object.assign(upstreamOf(waiting.id), { status: "Partial", remains: 50 });
    await db().update(fulfilments).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    await runFulfilmentRound(db(), ROUND);

    const statuses = await db().select({ id: orders.id, status: orders.status }).from(orders);
    expect(new Map(statuses.map((row) => [row.id, row.status]))).toEqual(
      new Map([
        [sent.id, "completed"],
        [waiting.id, "partial"],
      ]),
    );
    // 60 x 50 / 150 = 20 cents back to the suspended customer's wallet.
    const refunds = await db()
      .select({ amount: transactions.amountCents })
      .from(transactions)
      .where(and(eq(transactions.orderId, waiting.id), eq(transactions.type, "refund")));
    expect(refunds).toEqual([{ amount: 20 }]);
    expect(await balanceOf(customer.id)).toBe(1_000 - 120 + 20);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });
});
