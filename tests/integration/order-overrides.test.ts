import "../support/worker-database.ts";
import { setTimeout as delay } from "node:timers/promises";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { adminAuditLog, fulfilments, mailOutbox, orders, transactions } from "../../app/db/schema.ts";
import { readManualWork } from "../../app/domain/admin/read-manual-work.server.ts";
import { mapProviderService } from "../../app/domain/fulfilment/provider-services.server.ts";
import {
  applyUpstreamStatus,
  pollDueFulfilments,
} from "../../app/domain/order-lifecycle/fulfilment-steps.server.ts";
import { runFulfilmentRound } from "../../app/domain/order-lifecycle/run-fulfilment-round.server.ts";
import { ADMIN_ORDER_TEXT } from "../../app/domain/orders/admin-order-messages.ts";
import { cancelOrder } from "../../app/domain/orders/cancel-order.server.ts";
import { changeOrderStatusByAdmin } from "../../app/domain/orders/change-order-status-by-admin.server.ts";
import { correctOrderCounts } from "../../app/domain/orders/correct-order-counts.server.ts";
import { listCustomerOrders } from "../../app/domain/orders/list-customer-orders.server.ts";
import { OVERRIDE_TEXT } from "../../app/domain/orders/order-override-text.ts";
import {
  type OverrideRequest,
  overrideOrderStatus,
  previewOrderOverride,
} from "../../app/domain/orders/override-order-status.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { refundGoodwill } from "../../app/domain/orders/refund-goodwill.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { listRecentTransactions } from "../../app/domain/wallet/list-transactions.server.ts";
import { addProviderFromForm } from "../../app/routes/admin.providers.$providerId/provider-page-actions.server.ts";
import { balanceOf, createUser, serviceBySlug } from "../support/factories.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { steerablePanel } from "../support/steerable-panel.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Product rules 14.1-14.9 (docs/decisions/042): an admin's overrides of an order, also one a provider has.
// The admin forms posting them are asserted in tests/integration/http/order-overrides.test.ts, the journey in
// tests/e2e/order-override.test.ts.

const ROUND = { leaseSeconds: 60, pollSeconds: 30 };
/** How the race's override is staggered after the poll: 0, 3, 6 ... ms (a poll's round trip to the panel). */
const STAGGER_MS = 3;
const STAGGER_STEPS = 5;
const KEY = "override-panel-key-1234";
const panel = steerablePanel({ key: KEY, services: [{ service: 11, name: "likes", min: 10, max: 100_000 }] });
let panelServer: FakePanel & { port: number };

beforeAll(async () => {
  panelServer = await startFakePanel((form) => panel.answer(form));
});
afterAll(() => panelServer.close());
beforeEach(async () => {
  await resetDatabase();
  panel.reset();
});
afterEach(async () => {
  expect(await findLedgerMismatches(db())).toEqual([]);
});

/** The panel as a provider of Instagram Likes; the admin who added it. */
async function panelProvider(): Promise<{ adminId: string }> {
  const admin = await createUser({ admin: true });
  const added = await addProviderFromForm(db(), {
    adminId: admin.id,
    form: { name: "Refusing Panel", apiUrl: panelServer.url, apiKey: KEY, supportsIdempotency: "on" },
  });
  if (!added.ok) throw new Error(added.message);
  const mapped = await mapProviderService(db(), {
    adminId: admin.id,
    providerId: added.providerId,
    providerServiceId: "11",
    serviceId: (await serviceBySlug("instagram-likes")).id,
  });
  if (!mapped.ok) throw new Error(mapped.message);
  return { adminId: admin.id };
}

/** 150 Instagram Likes at $4.00/1000: $0.60, sent to the panel when `sent`. */
async function likesOrder(options: { sent: boolean } = { sent: true }) {
  const customer = await createUser({ fundsCents: 1_000 });
  const placed = await placeOrder(db(), {
    userId: customer.id,
    serviceId: (await serviceBySlug("instagram-likes")).id,
    quantity: 150,
    targetLink: "https://www.instagram.com/p/Override1/",
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  if (options.sent) await runFulfilmentRound(db(), ROUND);
  return { customer, orderId: placed.order.id, orderNumber: placed.order.orderNumber };
}

const partOf = async (orderId: string) =>
  (await db().select().from(fulfilments).where(eq(fulfilments.orderId, orderId)))[0]!;
const orderRow = async (orderId: string) =>
  (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
const refundsOf = async (orderId: string) =>
  (
    await db()
      .select({ amount: transactions.amountCents })
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.type, "refund")))
  ).map((row) => row.amount);
const auditOf = (orderId: string, action: string) =>
  db()
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.subjectId, orderId), eq(adminAuditLog.action, action)));
const makeDue = () => db().update(fulfilments).set({ nextAttemptAt: sql`now() - interval '1 second'` });

/** Previews, then confirms what was previewed: the admin's two steps. */
async function previewAndConfirm(request: OverrideRequest & { adminId: string }) {
  const preview = await previewOrderOverride(db(), request);
  if (!preview.ok) throw new Error(preview.message);
  const confirmed = await overrideOrderStatus(db(), {
    ...request,
    expectedRefundCents: preview.plan.refundCents,
    expectedVersion: preview.plan.version,
  });
  return { preview: preview.plan, confirmed };
}

describe("an order whose provider refused the cancel", () => {
  it("left the admin nothing before; the override cancels it with the refund previewed, once", async () => {
    const { adminId } = await panelProvider();
    const { customer, orderId, orderNumber } = await likesOrder();
    panel.refuseCancels = true;
    expect(await cancelOrder(db(), { orderId, by: { adminId } })).toMatchObject({
      ok: true,
      outcome: "requested",
    });
    expect(await partOf(orderId)).toMatchObject({ state: "submitted", cancelState: "refused" });
    // What the admin had: a status change is refused while the provider has the order.
    expect(
      await changeOrderStatusByAdmin(db(), { orderId, status: "failed", remains: undefined, adminId }),
    ).toMatchObject({
      ok: false,
      message: ADMIN_ORDER_TEXT.withProvider.message,
    });

    const { preview, confirmed } = await previewAndConfirm({ orderId, status: "cancelled", adminId });
    expect(preview).toMatchObject({
      from: "pending",
      to: "cancelled",
      refundCents: 60,
      providers: ["Refusing Panel"],
    });
    expect(preview.summary).toBe(
      `Set ${orderNumber} to Cancelled: $0.60 will be refunded to the customer's wallet. The shop stops following Refusing Panel for it; the provider is not asked to cancel.`,
    );
    expect(confirmed).toMatchObject({ ok: true, notice: { title: OVERRIDE_TEXT.done } });
    expect(await refundsOf(orderId)).toEqual([60]);
    expect(await balanceOf(customer.id)).toBe(1_000);
    expect(await orderRow(orderId)).toMatchObject({
      status: "cancelled",
      delivery: "manual",
      cancelRequestedAt: null,
    });
    expect(await partOf(orderId)).toMatchObject({ state: "done", outcome: null });
    const [override] = await auditOf(orderId, "order.override");
    expect(override?.details).toMatchObject({ from: "pending", to: "cancelled", refund_cents: 60 });
    expect(await auditOf(orderId, "order.status")).toHaveLength(1);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, customer.email));
    expect(mails.map((mail) => mail.subject)).toEqual([`Order ${orderNumber} cancelled`]);
    expect(mails[0]?.text).toContain("We refunded $0.60 to your Boostly balance.");

    // The provider's later answer changes nothing, and no cancel is sent again.
    Object.assign(panel.order((await partOf(orderId)).providerOrderId), { status: "Partial", remains: 50 });
    await makeDue();
    await pollDueFulfilments(db(), ROUND);
    expect(await refundsOf(orderId)).toEqual([60]);
    expect(panel.cancelCalls).toHaveLength(1);
  });

  it("sets partial by remains and completed with nothing refunded, as previewed", async () => {
    const { adminId } = await panelProvider();
    const partial = await likesOrder();
    const done = await previewAndConfirm({
      orderId: partial.orderId,
      status: "partial",
      remains: 50,
      adminId,
    });
    // $0.60 x 50 / 150 = $0.20, rounded down.
    expect(done.preview.refundCents).toBe(20);
    expect(done.confirmed.ok).toBe(true);
    expect(await refundsOf(partial.orderId)).toEqual([20]);
    expect(await orderRow(partial.orderId)).toMatchObject({ status: "partial", remains: 50 });

    const completed = await likesOrder();
    const made = await previewAndConfirm({ orderId: completed.orderId, status: "completed", adminId });
    expect(made.preview.summary).toContain("Nothing is refunded.");
    expect(made.confirmed.ok).toBe(true);
    expect(await refundsOf(completed.orderId)).toEqual([]);
    expect(await balanceOf(completed.customer.id)).toBe(940);
  });

  it("takes a running order over to a person: a provider's progress read before it moves it no more", async () => {
    const { adminId } = await panelProvider();
    const { orderId } = await likesOrder();
    const before = await partOf(orderId);
    const { confirmed } = await previewAndConfirm({ orderId, status: "processing", adminId });
    expect(confirmed.ok).toBe(true);
    expect(await orderRow(orderId)).toMatchObject({ status: "processing", delivery: "manual" });
    // A poll that read "In progress" before the override applies it now: the part is closed, the order stays.
    const answer = {
      reported: true as const,
      status: "In progress",
      remains: "100",
      charge: "0.1",
      posts: undefined,
    };
    expect(await applyUpstreamStatus(db(), before, answer, 30)).toMatchObject({ state: "submitted" });
    expect(await orderRow(orderId)).toMatchObject({ status: "processing" });
    expect(await partOf(orderId)).toMatchObject({ state: "done" });
    expect((await readManualWork(db(), { page: 1 })).orders.map((order) => order.id)).toContain(orderId);
  });

  it("refuses remains out of 0..quantity, an ended order and a part being sent", async () => {
    const { adminId } = await panelProvider();
    const { orderId } = await likesOrder();
    expect(await previewOrderOverride(db(), { orderId, status: "partial", remains: 151 })).toMatchObject({
      ok: false,
      fieldErrors: { remains: OVERRIDE_TEXT.remains(150) },
    });
    expect(await previewOrderOverride(db(), { orderId, status: "partial" })).toMatchObject({ ok: false });
    await db().update(fulfilments).set({ state: "submitting" }).where(eq(fulfilments.orderId, orderId));
    expect(await previewOrderOverride(db(), { orderId, status: "failed" })).toMatchObject({
      ok: false,
      message: OVERRIDE_TEXT.beingSent.message,
    });
    await db().update(fulfilments).set({ state: "submitted" }).where(eq(fulfilments.orderId, orderId));
    await previewAndConfirm({ orderId, status: "failed", adminId });
    expect(await previewOrderOverride(db(), { orderId, status: "cancelled" })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
  });
});

describe("a confirmation", () => {
  it("is refused, changing nothing, when the order changed since its preview or the refund differs", async () => {
    const { adminId } = await panelProvider();
    const { orderId } = await likesOrder();
    const preview = await previewOrderOverride(db(), { orderId, status: "cancelled" });
    if (!preview.ok) throw new Error(preview.message);
    // The provider's poll moves the order on between the preview and the confirmation.
    Object.assign(panel.order((await partOf(orderId)).providerOrderId), {
      status: "In progress",
      remains: 100,
    });
    await makeDue();
    await pollDueFulfilments(db(), ROUND);
    expect(await orderRow(orderId)).toMatchObject({ status: "in_progress" });
    const stale = await overrideOrderStatus(db(), {
      orderId,
      status: "cancelled",
      adminId,
      expectedRefundCents: preview.plan.refundCents,
      expectedVersion: preview.plan.version,
    });
    expect(stale).toMatchObject({ ok: false, kind: "conflict", message: OVERRIDE_TEXT.changed.message });
    const fresh = await previewOrderOverride(db(), { orderId, status: "cancelled" });
    if (!fresh.ok) throw new Error(fresh.message);
    expect(
      await overrideOrderStatus(db(), {
        orderId,
        status: "cancelled",
        adminId,
        expectedRefundCents: 59,
        expectedVersion: fresh.plan.version,
      }),
    ).toMatchObject({ ok: false, message: OVERRIDE_TEXT.changed.message });
    expect(await refundsOf(orderId)).toEqual([]);
    expect(await partOf(orderId)).toMatchObject({ state: "submitted" });
    expect(await auditOf(orderId, "order.override")).toEqual([]);
  });
});

describe("an override racing the provider's status poll", () => {
  it("refunds exactly once in each of 20 rounds, whichever comes first", async () => {
    const { adminId } = await panelProvider();
    const outcomes = { override: 0, poll: 0 };
    for (let round = 0; round < 20; round++) {
      const { customer, orderId } = await likesOrder();
      const preview = await previewOrderOverride(db(), { orderId, status: "cancelled" });
      if (!preview.ok) throw new Error(preview.message);
      // The provider ended it Partial with 50 of 150 undelivered: the poll would refund $0.20.
      Object.assign(panel.order((await partOf(orderId)).providerOrderId), { status: "Partial", remains: 50 });
      await makeDue();
      // The override starts up to a few milliseconds after the poll, so both orders of arrival happen.
      const [override] = await Promise.all([
        delay((round % STAGGER_STEPS) * STAGGER_MS).then(() =>
          overrideOrderStatus(db(), {
            orderId,
            status: "cancelled",
            adminId,
            expectedRefundCents: preview.plan.refundCents,
            expectedVersion: preview.plan.version,
          }),
        ),
        pollDueFulfilments(db(), ROUND),
      ]);
      const refunds = await refundsOf(orderId);
      expect(refunds).toHaveLength(1);
      if (override.ok) {
        outcomes.override++;
        expect(refunds).toEqual([60]);
        expect(await orderRow(orderId)).toMatchObject({ status: "cancelled" });
      } else {
        outcomes.poll++;
        expect(refunds).toEqual([20]);
        expect(await orderRow(orderId)).toMatchObject({ status: "partial", remains: 50 });
      }
      expect(await balanceOf(customer.id)).toBe(1_000 - 60 + refunds[0]!);
      // Whatever polls after changes nothing.
      await makeDue();
      await pollDueFulfilments(db(), ROUND);
      expect(await refundsOf(orderId)).toEqual(refunds);
      expect(await findLedgerMismatches(db())).toEqual([]);
    }
    expect(outcomes.override + outcomes.poll).toBe(20);
  });
});

describe("correcting start count and remains", () => {
  it("keeps them in bounds, audits from and to, and refuses remains of an ended order", async () => {
    const admin = await createUser({ admin: true });
    const { customer, orderId } = await likesOrder({ sent: false });
    const correct = (startCount: string, remains: string) =>
      correctOrderCounts(db(), { orderId, adminId: admin.id, startCount, remains });
    expect(await correct("-1", "")).toMatchObject({
      ok: false,
      fieldErrors: { startCount: OVERRIDE_TEXT.startCount },
    });
    expect(await correct("1.5", "151")).toMatchObject({
      ok: false,
      fieldErrors: { startCount: OVERRIDE_TEXT.startCount, remains: OVERRIDE_TEXT.remains(150) },
    });
    expect(await correct("abc", "")).toMatchObject({ ok: false });
    expect(await correct("1200", "40")).toMatchObject({ ok: true });
    expect(await orderRow(orderId)).toMatchObject({ startCount: 1200, remains: 40 });
    const [audit] = await auditOf(orderId, "order.correct");
    expect(audit?.details).toEqual({
      start_count: { from: null, to: 1200 },
      remains: { from: null, to: 40 },
    });
    // The same values again record nothing.
    expect(await correct("1200", "40")).toMatchObject({
      ok: true,
      notice: { message: OVERRIDE_TEXT.countsUnchanged },
    });
    expect(await auditOf(orderId, "order.correct")).toHaveLength(1);
    // The customer sees them while the order runs, and a progress change keeps the remains.
    await setOrderStatus(db(), { orderId, status: "processing" });
    const listed = await listCustomerOrders(db(), customer.id);
    expect(listed.orders[0]).toMatchObject({ startCount: 1200, remains: 40 });

    // Ended partial: its remains decided its refund, so they no longer change; the start count still may.
    await setOrderStatus(db(), { orderId, status: "partial", remains: 40, adminId: admin.id });
    const refunds = await refundsOf(orderId);
    expect(await correct("", "10")).toMatchObject({
      ok: false,
      fieldErrors: { remains: OVERRIDE_TEXT.remainsEnded },
    });
    expect(await correct("1300", "")).toMatchObject({ ok: true });
    expect(await orderRow(orderId)).toMatchObject({ startCount: 1300, remains: 40 });
    expect(await refundsOf(orderId)).toEqual(refunds);
  });
});

describe("a goodwill refund", () => {
  it("on an ended order only, never more than its charge less what was given back, mailed and in the statement", async () => {
    const admin = await createUser({ admin: true });
    const { customer, orderId, orderNumber } = await likesOrder({ sent: false });
    const goodwill = (amount: string) =>
      refundGoodwill(db(), { orderId, adminId: admin.id, amount, reason: "Late delivery" });
    expect(await goodwill("0.10")).toMatchObject({ ok: false, message: OVERRIDE_TEXT.goodwillNotEnded });
    await setOrderStatus(db(), { orderId, status: "completed", adminId: admin.id });

    expect(await goodwill("0.61")).toMatchObject({
      ok: false,
      fieldErrors: { amount: OVERRIDE_TEXT.goodwillAmount(60) },
    });
    expect(await goodwill("0")).toMatchObject({ ok: false });
    expect(
      await refundGoodwill(db(), { orderId, adminId: admin.id, amount: "0.10", reason: "x" }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { reason: expect.any(String) },
    });
    expect(await goodwill("0.25")).toMatchObject({ ok: true, amountCents: 25 });
    // Five at once for $0.10 each on the $0.35 left: three pass, two are refused.
    const racing = await Promise.all(Array.from({ length: 5 }, () => goodwill("0.10")));
    expect(racing.filter((result) => result.ok)).toHaveLength(3);
    expect(await goodwill("0.06")).toMatchObject({
      ok: false,
      fieldErrors: { amount: OVERRIDE_TEXT.goodwillAmount(5) },
    });
    expect(await goodwill("0.05")).toMatchObject({ ok: true });
    expect(await goodwill("0.01")).toMatchObject({ ok: false, message: OVERRIDE_TEXT.goodwillNothingLeft });
    expect(await balanceOf(customer.id)).toBe(1_000);

    const rows = await db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.type, "adjustment")));
    expect(rows.map((row) => row.amountCents).sort()).toEqual([10, 10, 10, 25, 5].sort());
    expect(rows[0]?.metadata).toMatchObject({ kind: "goodwill", order_number: orderNumber });
    expect(await auditOf(orderId, "order.goodwill_refund")).toHaveLength(5);
    const statement = await listRecentTransactions(db(), { userId: customer.id, limit: 10 });
    expect(statement[0]?.description).toBe(`Goodwill credit for order ${orderNumber}`);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, customer.email));
    expect(
      mails.filter((mail) => mail.subject === `Order ${orderNumber}: $0.25 refunded to your balance`),
    ).toHaveLength(1);
  });

  it("on a partial order, up to what its partial refund left", async () => {
    const admin = await createUser({ admin: true });
    const { orderId } = await likesOrder({ sent: false });
    await setOrderStatus(db(), { orderId, status: "partial", remains: 50, adminId: admin.id });
    expect(
      await refundGoodwill(db(), { orderId, adminId: admin.id, amount: "0.41", reason: "Sorry" }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { amount: OVERRIDE_TEXT.goodwillAmount(40) },
    });
    expect(
      await refundGoodwill(db(), { orderId, adminId: admin.id, amount: "0.40", reason: "Sorry" }),
    ).toMatchObject({
      ok: true,
    });
  });
});
