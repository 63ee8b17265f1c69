import "../support/worker-database.ts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  adminAuditLog,
  freeTrialClaims,
  fulfilments,
  orders,
  simulatedProviderOrders,
  transactions,
} from "../../app/db/schema.ts";
import { countManualWork, readManualWork } from "../../app/domain/admin/read-manual-work.server.ts";
import { placeAutoOrder } from "../../app/domain/auto-orders/place-auto-order.server.ts";
import { listRecentOrders } from "../../app/domain/dashboard/list-recent-orders.server.ts";
import { ensureSimulatedProvider } from "../../app/domain/fulfilment/ensure-simulated-provider.server.ts";
import { httpTransport, ProviderError } from "../../app/domain/fulfilment/provider-client.server.ts";
import { mapProviderService } from "../../app/domain/fulfilment/provider-services.server.ts";
import {
  applyUpstreamStatus,
  pollDueFulfilments,
  SubmissionPump,
  settleHeldSubmission,
} from "../../app/domain/order-lifecycle/fulfilment-steps.server.ts";
import { runFulfilmentRound } from "../../app/domain/order-lifecycle/run-fulfilment-round.server.ts";
import { cancelOrder } from "../../app/domain/orders/cancel-order.server.ts";
import { readAdminOrdersPage } from "../../app/domain/orders/list-orders-for-admin.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { placePackOrder } from "../../app/domain/orders/place-pack-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { claimFreeTrial } from "../../app/domain/trials/claim-free-trial.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { addProviderFromForm } from "../../app/routes/admin.providers.$providerId/provider-page-actions.server.ts";
import { changeOrderStatusFromForm } from "../../app/routes/shared/order-status-form.server.ts";
import { WAIT_TIMEOUT_MS } from "../support/constants.ts";
import { balanceOf, createUser, serviceBySlug } from "../support/factories.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { terminateListenerConnections } from "../support/listener-connections.ts";
import { steerablePanel } from "../support/steerable-panel.ts";
import { resetDatabase } from "../support/worker-database.ts";

const ROUND = { leaseSeconds: 60, pollSeconds: 30 };
const KEY = "delivery-panel-key-1234";

/** The panel's services: Instagram Likes, Views, Real Comments and Followers, with the panel's own limits. */
const PANEL_SERVICES = [
  { service: 11, slug: "instagram-likes", min: 10, max: 100_000 },
  { service: 12, slug: "instagram-views", min: 100, max: 1_000_000 },
  { service: 13, slug: "instagram-real-comments", min: 10, max: 500 },
  { service: 14, slug: "instagram-followers", min: 100, max: 50_000 },
] as const;

const panel = steerablePanel({
  key: KEY,
  // It lists every service as taking cancels: a customer's cancel of a sent order is asked of it (rules 4.15).
  services: PANEL_SERVICES.map(({ service, slug, min, max }) => ({
    service,
    name: slug,
    min,
    max,
    cancel: true,
  })),
});
const answer = (form: URLSearchParams) => panel.answer(form);

let panelServer: FakePanel & { port: number };

beforeAll(async () => {
  panelServer = await startFakePanel(answer);
});
afterAll(() => panelServer.close());

beforeEach(async () => {
  await resetDatabase();
  panel.reset();
});

/** The panel as a provider with every service of PANEL_SERVICES mapped (or only some). */
async function panelProvider(
  options: { supportsIdempotency?: boolean; only?: string[]; url?: string } = {},
): Promise<{ providerId: string; adminId: string }> {
  const admin = await createUser({ admin: true });
  const added = await addProviderFromForm(db(), {
    adminId: admin.id,
    form: {
      name: "Delivery Panel",
      apiUrl: options.url ?? panelServer.url,
      apiKey: KEY,
      supportsIdempotency: options.supportsIdempotency === false ? undefined : "on",
    },
  });
  if (!added.ok) throw new Error(added.message);
  for (const { service, slug } of PANEL_SERVICES) {
    if (options.only && !options.only.includes(slug)) continue;
    const mapped = await mapProviderService(db(), {
      adminId: admin.id,
      providerId: added.providerId,
      providerServiceId: String(service),
      serviceId: (await serviceBySlug(slug)).id,
    });
    if (!mapped.ok) throw new Error(mapped.message);
  }
  return { providerId: added.providerId, adminId: admin.id };
}

async function likesOrder(fundsCents = 1_000) {
  const customer = await createUser({ fundsCents });
  const placed = await placeOrder(db(), {
    userId: customer.id,
    serviceId: (await serviceBySlug("instagram-likes")).id,
    quantity: 150,
    targetLink: "https://www.instagram.com/p/Deliver1/",
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return { customer, orderId: placed.order.id };
}

const partsOf = (orderId: string) =>
  db().select().from(fulfilments).where(eq(fulfilments.orderId, orderId)).orderBy(fulfilments.quantity);

async function orderRow(orderId: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

async function refundsOf(orderId: string) {
  const rows = await db()
    .select({ amount: transactions.amountCents })
    .from(transactions)
    .where(and(eq(transactions.orderId, orderId), eq(transactions.type, "refund")));
  return rows.map((row) => row.amount);
}

async function makeDue() {
  await db().update(fulfilments).set({ nextAttemptAt: sql`now() - interval '1 second'` });
}

/** Sets the panel's status of the upstream order behind one part. */
function upstream(part: { providerOrderId: string | null }, status: string, remains = 0) {
  Object.assign(panel.order(part.providerOrderId), { status, remains });
}

afterEach(async () => {
  expect(await findLedgerMismatches(db())).toEqual([]);
});

describe("a likes pack", () => {
  it("goes upstream as its four parts, each tracked; a Partial part refunds exactly its share, once", async () => {
    await panelProvider();
    const customer = await createUser({ fundsCents: 5_000 });
    const placed = await placePackOrder(db(), {
      userId: customer.id,
      packCode: "big",
      targetLink: "https://www.instagram.com/p/Pack1/",
      deliverySpeed: "normal",
      extraLikes: true,
      extraViews: true,
      comments: 20,
    });
    if (!placed.ok) throw new Error(placed.message);
    expect(placed.order.totalCents).toBe(3_245);
    expect(await orderRow(placed.order.id)).toMatchObject({ delivery: "provider", status: "pending" });

    await runFulfilmentRound(db(), ROUND);
    const parts = await partsOf(placed.order.id);
    expect(
      parts.map(({ part, quantity, chargeCents, state }) => ({ part, quantity, chargeCents, state })),
    ).toEqual([
      { part: "comments", quantity: 20, chargeCents: 1_000, state: "submitted" },
      { part: "extra_likes", quantity: 500, chargeCents: 200, state: "submitted" },
      { part: "likes", quantity: 1_000, chargeCents: 1_295, state: "submitted" },
      { part: "views", quantity: 5_000, chargeCents: 750, state: "submitted" },
    ]);
    expect(panel.adds).toBe(4);
    const sent = parts.map((part) => panel.orders.get(Number(part.providerOrderId)));
    expect(sent.map((order) => [order?.service, order?.quantity, order?.link])).toEqual([
      ["13", 20, "https://www.instagram.com/p/Pack1/"],
      ["11", 500, "https://www.instagram.com/p/Pack1/"],
      ["11", 1_000, "https://www.instagram.com/p/Pack1/"],
      ["12", 5_000, "https://www.instagram.com/p/Pack1/"],
    ]);
    const [comments, extra, likes, views] = parts as [
      (typeof parts)[0],
      (typeof parts)[0],
      (typeof parts)[0],
      (typeof parts)[0],
    ];

    // Three parts delivered, the views still running: the order is in progress, nothing refunded.
    upstream(comments, "Completed");
    upstream(extra, "Completed");
    upstream(likes, "Completed");
    upstream(views, "In progress", 2_000);
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(await orderRow(placed.order.id)).toMatchObject({ status: "in_progress" });
    expect(await refundsOf(placed.order.id)).toEqual([]);

    // The views end Partial with 2,000 of 5,000 undelivered: $7.50 x 2,000 / 5,000 = $3.00 back, once.
    upstream(views, "Partial", 2_000);
    await makeDue();
    const [viewsRow] = await db().select().from(fulfilments).where(eq(fulfilments.id, views.id));
    const partial = {
      reported: true as const,
      status: "Partial",
      remains: "2000",
      charge: "1",
      posts: undefined,
    };
    await Promise.all([
      pollDueFulfilments(db(), ROUND),
      applyUpstreamStatus(db(), viewsRow!, partial, 30),
      applyUpstreamStatus(db(), viewsRow!, partial, 30),
    ]);
    expect(await refundsOf(placed.order.id)).toEqual([300]);
    expect(await orderRow(placed.order.id)).toMatchObject({ status: "partial", remains: 0 });
    expect(await balanceOf(customer.id)).toBe(5_000 - 3_245 + 300);
    expect((await partsOf(placed.order.id)).map((part) => [part.part, part.state, part.outcome])).toEqual([
      ["comments", "done", "completed"],
      ["extra_likes", "done", "completed"],
      ["likes", "done", "completed"],
      ["views", "done", "partial"],
    ]);
  });

  it("is delivered by hand, whole, when one of its parts has no provider", async () => {
    await panelProvider({ only: ["instagram-likes", "instagram-views"] });
    const customer = await createUser({ fundsCents: 5_000 });
    const placed = await placePackOrder(db(), {
      userId: customer.id,
      packCode: "small",
      targetLink: "https://www.instagram.com/p/Pack2/",
      deliverySpeed: "normal",
      extraLikes: false,
      extraViews: true,
      comments: 10,
    });
    if (!placed.ok) throw new Error(placed.message);
    expect(await orderRow(placed.order.id)).toMatchObject({ delivery: "manual" });
    expect(await partsOf(placed.order.id)).toEqual([]);
  });
});

describe("free trials", () => {
  it("are delivered through the simulated provider, whose small minimum admits them, and reach Completed", async () => {
    await ensureSimulatedProvider(db());
    const customer = await createUser();
    const claims = [
      { trial: "likes", targetLink: "https://www.instagram.com/p/Trial1/", quantity: 10 },
      { trial: "comments", targetLink: "https://www.instagram.com/p/Trial1/", quantity: 2 },
      { trial: "followers", targetLink: "@trial.user", quantity: 5 },
    ];
    const orderIds: string[] = [];
    for (const claim of claims) {
      const claimed = await claimFreeTrial(db(), { userId: customer.id, ...claim });
      if (!claimed.ok) throw new Error(claimed.message);
      expect(await orderRow(claimed.order.id)).toMatchObject({ delivery: "provider", totalCents: 0 });
      orderIds.push(claimed.order.id);
    }
    await runFulfilmentRound(db(), ROUND);
    const upstreamOrders = await db().select().from(simulatedProviderOrders);
    expect(upstreamOrders.map((row) => row.quantity).sort()).toEqual([10, 2, 5].sort());
    // Their planned lives are over, each ending Completed.
    await db()
      .update(simulatedProviderOrders)
      .set({ outcome: "completed", createdAt: sql`now() - interval '1 hour'` });
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    for (const orderId of orderIds) expect(await orderRow(orderId)).toMatchObject({ status: "completed" });
  });

  it("go to the manual queue when the provider's minimum is above the trial, and can be claimed again once failed", async () => {
    await panelProvider();
    const customer = await createUser();
    const claimed = await claimFreeTrial(db(), {
      userId: customer.id,
      trial: "followers",
      targetLink: "@trial.user",
    });
    if (!claimed.ok) throw new Error(claimed.message);
    // The panel's followers start at 100: 5 free followers are for a person to deliver.
    expect(await orderRow(claimed.order.id)).toMatchObject({ delivery: "manual", status: "pending" });
    expect(await partsOf(claimed.order.id)).toEqual([]);
    expect(
      await claimFreeTrial(db(), { userId: customer.id, trial: "followers", targetLink: "@x" }),
    ).toMatchObject({
      ok: false,
      message: "You have already claimed this free trial.",
    });

    const failed = await setOrderStatus(db(), { orderId: claimed.order.id, status: "failed" });
    expect(failed).toMatchObject({ ok: true, refundCents: 0 });
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        claimFreeTrial(db(), { userId: customer.id, trial: "followers", targetLink: "@trial.user" }),
      ),
    );
    expect(racing.filter((result) => result.ok)).toHaveLength(1);
    const again = racing.find((result) => result.ok);
    const [claim] = await db().select().from(freeTrialClaims).where(eq(freeTrialClaims.userId, customer.id));
    expect(claim?.orderId).toBe(again?.ok ? again.order.id : "");
    expect(await db().select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(2);
  });
});

describe("cancelling an order", () => {
  it("before it was sent: refunded at once, and the provider never hears of it", async () => {
    await panelProvider();
    const { customer, orderId } = await likesOrder();
    expect(await cancelOrder(db(), { orderId, by: { customerId: customer.id } })).toEqual({
      ok: true,
      outcome: "cancelled",
      refundCents: 60,
    });
    await runFulfilmentRound(db(), ROUND);
    expect(panel.adds).toBe(0);
    expect(panel.cancelCalls).toEqual([]);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled" });
    expect(await refundsOf(orderId)).toEqual([60]);
    expect(await balanceOf(customer.id)).toBe(1_000);
    expect((await partsOf(orderId))[0]).toMatchObject({ state: "done", outcome: "cancelled" });
  });

  it("after it was sent: the provider is asked once, and only what it confirms is refunded", async () => {
    await panelProvider();
    const first = await likesOrder();
    const second = await likesOrder();
    const third = await likesOrder();
    await runFulfilmentRound(db(), ROUND);

    // First: Canceled upstream after the request, refunded in full.
    const cancelFirst = () =>
      cancelOrder(db(), { orderId: first.orderId, by: { customerId: first.customer.id } });
    expect(await cancelFirst()).toEqual({ ok: true, outcome: "requested", alreadyRequested: false });
    expect(await cancelFirst()).toEqual({ ok: true, outcome: "requested", alreadyRequested: true });
    const [firstPart] = await partsOf(first.orderId);
    expect(panel.cancelCalls).toEqual([[firstPart!.providerOrderId]]);
    expect(firstPart).toMatchObject({ state: "submitted", cancelState: "sent" });
    expect(await orderRow(first.orderId)).toMatchObject({
      status: "pending",
      cancelRequestedAt: expect.any(Date),
    });
    expect(await refundsOf(first.orderId)).toEqual([]);
    upstream(firstPart!, "Canceled", 150);

    // Second: the provider had delivered 100 of 150: Partial, 60 x 50 / 150 = 20 cents back.
    expect(
      await cancelOrder(db(), { orderId: second.orderId, by: { customerId: second.customer.id } }),
    ).toMatchObject({
      outcome: "requested",
    });
    const [secondPart] = await partsOf(second.orderId);
    upstream(secondPart!, "Partial", 50);

    // Third: the provider refuses (already started); the order goes on and completes, nothing refunded.
    panel.refuseCancels = true;
    expect(
      await cancelOrder(db(), { orderId: third.orderId, by: { customerId: third.customer.id } }),
    ).toMatchObject({
      outcome: "requested",
    });
    const [thirdPart] = await partsOf(third.orderId);
    expect(thirdPart).toMatchObject({
      cancelState: "refused",
      lastError: expect.stringContaining("can't be canceled"),
    });
    upstream(thirdPart!, "Completed");
    // What each customer's order history says meanwhile.
    const cancelStateOf = async (order: { customer: { id: string }; orderId: string }) =>
      (await listRecentOrders(db(), order.customer.id)).find((row) => row.id === order.orderId)?.cancelState;
    expect(await cancelStateOf(first)).toBe("requested");
    expect(await cancelStateOf(third)).toBe("refused");

    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(await orderRow(first.orderId)).toMatchObject({ status: "cancelled" });
    expect(await orderRow(second.orderId)).toMatchObject({ status: "partial", remains: 50 });
    expect(await orderRow(third.orderId)).toMatchObject({ status: "completed" });
    expect(await refundsOf(first.orderId)).toEqual([60]);
    expect(await refundsOf(second.orderId)).toEqual([20]);
    expect(await refundsOf(third.orderId)).toEqual([]);
    expect(panel.cancelCalls).toHaveLength(3);
    expect(await cancelStateOf(first)).toBeNull();
    // An ended order cannot be cancelled any more.
    expect(await cancelFirst()).toMatchObject({ ok: false, kind: "conflict" });
  });

  it("20 cancels racing the worker's status updates: the provider is asked once and one refund is made", async () => {
    await panelProvider();
    const { customer, orderId } = await likesOrder();
    await runFulfilmentRound(db(), ROUND);
    const [part] = await partsOf(orderId);
    upstream(part!, "In progress", 120);
    await makeDue();
    const results = await Promise.all([
      ...Array.from({ length: 20 }, () => cancelOrder(db(), { orderId, by: { customerId: customer.id } })),
      pollDueFulfilments(db(), ROUND),
      pollDueFulfilments(db(), ROUND),
    ]);
    const cancels = results.slice(0, 20) as Awaited<ReturnType<typeof cancelOrder>>[];
    expect(cancels.every((result) => result.ok && result.outcome === "requested")).toBe(true);
    expect(
      cancels.filter((result) => result.ok && result.outcome === "requested" && !result.alreadyRequested),
    ).toHaveLength(1);
    expect(panel.cancelCalls).toEqual([[part!.providerOrderId]]);

    // The provider stopped it with 50 of 150 undelivered; the answer reaches two polls and 20 more cancels at once.
    upstream(part!, "Partial", 50);
    await makeDue();
    const [row] = await db().select().from(fulfilments).where(eq(fulfilments.id, part!.id));
    const partial = {
      reported: true as const,
      status: "Partial",
      remains: "50",
      charge: "0.4",
      posts: undefined,
    };
    await Promise.all([
      ...Array.from({ length: 20 }, () => cancelOrder(db(), { orderId, by: { customerId: customer.id } })),
      pollDueFulfilments(db(), ROUND),
      pollDueFulfilments(db(), ROUND),
      applyUpstreamStatus(db(), row!, partial, 30),
    ]);
    expect(await orderRow(orderId)).toMatchObject({ status: "partial", remains: 50 });
    expect(await refundsOf(orderId)).toEqual([20]);
    expect(await balanceOf(customer.id)).toBe(1_000 - 60 + 20);
    expect(panel.cancelCalls).toHaveLength(1);
  });

  it("while it is being sent: asked once it has an id, or closed as cancelled if the attempt never arrived", async () => {
    await panelProvider();
    const { customer, orderId } = await likesOrder();
    // A worker has claimed the part and is sending it right now.
    await db()
      .update(fulfilments)
      .set({ state: "submitting", attempts: 1 })
      .where(eq(fulfilments.orderId, orderId));
    expect(await cancelOrder(db(), { orderId, by: { customerId: customer.id } })).toMatchObject({
      outcome: "requested",
    });
    expect((await partsOf(orderId))[0]).toMatchObject({ cancelState: "due" });
    expect(panel.cancelCalls).toEqual([]);
    // The attempt never reached the provider, so the part went back to the queue: it is not sent any more.
    await db().update(fulfilments).set({ state: "queued" }).where(eq(fulfilments.orderId, orderId));
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(panel.adds).toBe(0);
    expect(await orderRow(orderId)).toMatchObject({ status: "cancelled" });
    expect(await refundsOf(orderId)).toEqual([60]);
  });

  it("by an admin follows the same rules and is recorded; a customer's cancel window is 30 minutes", async () => {
    const { adminId } = await panelProvider();
    const { customer, orderId } = await likesOrder();
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(orders.id, orderId));
    expect(await cancelOrder(db(), { orderId, by: { customerId: customer.id } })).toMatchObject({
      ok: false,
      message: expect.stringContaining("within 30 minutes"),
    });
    // Another customer's order is not theirs to cancel.
    const other = await createUser();
    expect(await cancelOrder(db(), { orderId, by: { customerId: other.id } })).toMatchObject({
      ok: false,
      kind: "not_found",
    });
    await runFulfilmentRound(db(), ROUND);
    expect(await cancelOrder(db(), { orderId, by: { adminId } })).toMatchObject({
      ok: true,
      outcome: "requested",
    });
    expect(panel.cancelCalls).toHaveLength(1);
    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.subjectId, orderId));
    expect(audit.map((entry) => [entry.adminId, entry.action])).toEqual([
      [adminId, "order.cancel_requested"],
    ]);
  });
});

describe("a submission held for an admin", () => {
  it("is closed as cancelled, not sent again, once its customer asked to cancel; resolving takes the order over by hand", async () => {
    const { adminId } = await panelProvider({ supportsIdempotency: false });
    const cancelled = await likesOrder();
    const resolved = await likesOrder();
    // As if each answer had been lost on the way back: held, since this provider takes no idempotency keys.
    await db()
      .update(fulfilments)
      .set({ state: "needs_attention", attempts: 1, lastError: "No answer from the provider" });
    expect(
      await cancelOrder(db(), { orderId: cancelled.orderId, by: { customerId: cancelled.customer.id } }),
    ).toMatchObject({ ok: true, outcome: "requested" });
    const [heldPart] = await partsOf(cancelled.orderId);
    const retried = await settleHeldSubmission(db(), {
      adminId,
      fulfilmentId: heldPart!.id,
      decision: "retry",
    });
    expect(retried.ok).toBe(true);
    await runFulfilmentRound(db(), ROUND);
    expect(panel.adds).toBe(0);
    expect(await orderRow(cancelled.orderId)).toMatchObject({ status: "cancelled" });
    expect(await refundsOf(cancelled.orderId)).toEqual([60]);

    const [otherPart] = await partsOf(resolved.orderId);
    await settleHeldSubmission(db(), { adminId, fulfilmentId: otherPart!.id, decision: "resolve" });
    expect(await orderRow(resolved.orderId)).toMatchObject({ status: "pending", delivery: "manual" });
  });
});

describe("what admins see", () => {
  it("Needs manual work lists what only a person can deliver, counts it, and drops what an admin ended", async () => {
    const { adminId } = await panelProvider({ only: ["instagram-likes"] });
    const customer = await createUser({ fundsCents: 5_000 });
    const order = (slug: string, link: string, quantity: number) =>
      serviceBySlug(slug).then((service) =>
        placeOrder(db(), {
          userId: customer.id,
          serviceId: service.id,
          quantity,
          targetLink: link,
          deliverySpeed: "normal",
        }),
      );
    const manual = await order("instagram-views", "https://www.instagram.com/p/Work1/", 500);
    const withProvider = await order("instagram-likes", "https://www.instagram.com/p/Work2/", 150);
    const held = await order("instagram-likes", "https://www.instagram.com/p/Work3/", 150);
    if (!manual.ok || !withProvider.ok || !held.ok) throw new Error("orders were not placed");
    const auto = await placeAutoOrder(db(), {
      userId: customer.id,
      serviceId: (await serviceBySlug("instagram-auto-likes")).id,
      username: "@work.creator",
      perPost: 100,
      posts: 3,
      deliverySpeed: "normal",
    });
    if (!auto.ok) throw new Error(auto.message);
    await runFulfilmentRound(db(), ROUND);
    await db()
      .update(fulfilments)
      .set({ state: "needs_attention", lastError: "No answer from the provider" })
      .where(eq(fulfilments.orderId, held.order.id));

    const work = await readManualWork(db());
    expect(work.orders.map((row) => row.id)).toEqual([manual.order.id]);
    expect(work.held.map((row) => [row.orderNumber, row.providerName, row.lastError])).toEqual([
      [held.order.orderNumber, "Delivery Panel", "No answer from the provider"],
    ]);
    expect(work.autoOrders.map((row) => [row.id, row.remainingPosts])).toEqual([[auto.autoOrder.id, 3]]);
    expect(work.total).toBe(3);
    expect(await countManualWork(db())).toBe(3);

    // The admin lists say who has each order and where a cancel stands.
    await cancelOrder(db(), { orderId: withProvider.order.id, by: { adminId } });
    const listed = (await readAdminOrdersPage(db())).orders;
    const rowOf = (id: string) => listed.find((row) => row.id === id);
    expect(rowOf(manual.order.id)).toMatchObject({
      delivery: "manual",
      withProvider: null,
      cancelState: null,
    });
    expect(rowOf(withProvider.order.id)).toMatchObject({
      delivery: "provider",
      withProvider: "Delivery Panel",
      cancelState: "requested",
    });
    expect(rowOf(held.order.id)).toMatchObject({ withProvider: "Delivery Panel", cancelState: null });

    const ended = await changeOrderStatusFromForm(db(), {
      adminId,
      form: { intent: "set-status", orderId: manual.order.id, status: "completed" },
    });
    expect(ended.ok).toBe(true);
    expect((await readManualWork(db())).orders).toEqual([]);
    expect(await countManualWork(db())).toBe(2);
  });
});

describe("a provider that cannot be reached", () => {
  it("classifies a refused connection as never sent", async () => {
    const closed = await startFakePanel(answer);
    await closed.close();
    const error = await httpTransport(
      closed.url,
      KEY,
    )({ action: "balance" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("not_sent");
  });

  it("stopped for 10 s: nothing is held for an admin, and each order is submitted exactly once after it returns", async () => {
    // How long the panel stays down: a deliberate duration, not a wait.
    const OUTAGE_MS = 10_000;
    // A provider without idempotency keys: only a request that never arrived may be sent again.
    await panelProvider({ supportsIdempotency: false });
    await panelServer.close();
    const placed = await Promise.all([1, 2, 3, 4, 5].map(() => likesOrder()));
    const pump = new SubmissionPump(db(), { ...ROUND, concurrencyPerProvider: 4 });
    await pump.start(process.env.DATABASE_URL ?? "");
    const stoppedAt = Date.now();
    try {
      // While it is down, every attempt is refused before anything is sent.
      await expect
        .poll(
          async () =>
            (await db().select().from(fulfilments)).every((row) => row.lastError?.includes("ECONNREFUSED")),
          { interval: 200 },
        )
        .toBe(true);
      for (;;) {
        const rows = await db().select().from(fulfilments);
        expect(rows.filter((row) => row.state === "needs_attention")).toEqual([]);
        if (Date.now() - stoppedAt >= OUTAGE_MS) break;
        await runFulfilmentRound(db(), ROUND);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      panelServer = await startFakePanel(answer, { port: panelServer.port });
      // Each part refused while the panel was down waits its not-sent retry (5 s or more) before it goes again.
      await expect
        .poll(
          async () => {
            await runFulfilmentRound(db(), ROUND);
            return (await db().select().from(fulfilments)).filter((row) => row.state === "submitted").length;
          },
          { timeout: 2 * WAIT_TIMEOUT_MS, interval: 500 },
        )
        .toBe(5);
    } finally {
      await pump.stop();
    }
    expect(panel.adds).toBe(5);
    expect(panel.orders.size).toBe(5);
    const rows = await db().select().from(fulfilments);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    expect(new Set(rows.map((row) => row.orderId))).toEqual(new Set(placed.map((order) => order.orderId)));
  }, 60_000);

  it("sends a new order the moment it is stored, without waiting for a round", async () => {
    await panelProvider();
    const pump = new SubmissionPump(db(), { ...ROUND, concurrencyPerProvider: 4 });
    await pump.start(process.env.DATABASE_URL ?? "");
    try {
      const { orderId } = await likesOrder();
      await expect.poll(async () => (await partsOf(orderId))[0]?.state, { interval: 50 }).toBe("submitted");
      const [part] = await partsOf(orderId);
      expect(part?.submittedAt).toBeInstanceOf(Date);
      expect(panel.adds).toBe(1);
    } finally {
      await pump.stop();
    }
  });
});

describe("the submission pump's listener", () => {
  it("after its listener's connection is cut: sends what was stored meanwhile, and new orders again, without a round", async () => {
    await panelProvider();
    const pump = new SubmissionPump(db(), { ...ROUND, concurrencyPerProvider: 4 });
    await pump.start(process.env.DATABASE_URL ?? "");
    // The listener says why it reconnects; kept out of the test output and checked below.
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const allSubmitted = async (orderId: string) =>
      (await partsOf(orderId)).every((part) => part.state === "submitted");
    try {
      await terminateListenerConnections("boostly-fulfilment");
      // Nobody listens: this order's NOTIFY is lost, and no round runs here; the reconnection must wake the pump.
      const meanwhile = await likesOrder();
      await expect.poll(() => allSubmitted(meanwhile.orderId), { interval: 100 }).toBe(true);
      const after = await likesOrder();
      await expect.poll(() => allSubmitted(after.orderId), { interval: 100 }).toBe(true);
      expect(panel.adds).toBe(2);
      expect(log.mock.calls.some(([line]) => String(line).startsWith("fulfilment listener lost"))).toBe(true);
    } finally {
      await pump.stop();
      log.mockRestore();
    }
  });
});
