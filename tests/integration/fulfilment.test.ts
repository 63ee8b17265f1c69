import "../support/worker-database.ts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  adminAuditLog,
  autoOrders,
  fulfilments,
  orders,
  providerServices,
  providers,
  services,
  simulatedProviderOrders,
  transactions,
} from "../../app/db/schema.ts";
import { cancelAutoOrder } from "../../app/domain/auto-orders/change-auto-order.server.ts";
import { placeAutoOrder } from "../../app/domain/auto-orders/place-auto-order.server.ts";
import { MAX_SUBMIT_ATTEMPTS } from "../../app/domain/fulfilment/back-off.ts";
import { ensureSimulatedProvider } from "../../app/domain/fulfilment/ensure-simulated-provider.server.ts";
import { importProviderServices } from "../../app/domain/fulfilment/import-provider-services.server.ts";
import { listProviders } from "../../app/domain/fulfilment/list-providers.server.ts";
import { deleteProvider } from "../../app/domain/fulfilment/manage-providers.server.ts";
import { mapProviderService } from "../../app/domain/fulfilment/provider-services.server.ts";
import { refreshProviderBalance } from "../../app/domain/fulfilment/refresh-provider-balance.server.ts";
import {
  simulatedStatus,
  simulatedTransport,
} from "../../app/domain/fulfilment/simulated-provider.server.ts";
import { syncProviderNow } from "../../app/domain/fulfilment/sync-providers.server.ts";
import { ourStatus, parseRemains } from "../../app/domain/fulfilment/upstream-status.ts";
import {
  applyUpstreamStatus,
  pollDueFulfilments,
  settleHeldSubmission,
} from "../../app/domain/order-lifecycle/fulfilment-steps.server.ts";
import { runFulfilmentRound } from "../../app/domain/order-lifecycle/run-fulfilment-round.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { addProviderFromForm } from "../../app/routes/admin.providers.$providerId/provider-page-actions.server.ts";
import { changeOrderStatusFromForm } from "../../app/routes/shared/order-status-form.server.ts";
import { balanceOf, createUser, serviceId } from "../support/factories.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { steerablePanel } from "../support/steerable-panel.ts";
import { resetDatabase } from "../support/worker-database.ts";

const ROUND = { leaseSeconds: 60, pollSeconds: 30 };

const panel = steerablePanel({
  key: "panel-secret-key-1234",
  services: [
    { service: 11, name: "Panel Likes", rate: "1.2000", min: 10, max: 5000 },
    { service: 12, name: "Panel Auto Likes", type: "Subscriptions", rate: "2", min: 50, max: 500 },
  ],
});
let panelServer: FakePanel;
let panelUrl = "";

beforeAll(async () => {
  panelServer = await startFakePanel((form) => panel.answer(form));
  panelUrl = panelServer.url;
});
afterAll(() => panelServer.close());

beforeEach(async () => {
  await resetDatabase();
  await db().execute(
    sql`truncate table fulfilments, provider_services, providers, simulated_provider_orders cascade`,
  );
  panel.reset();
});

async function refundsOf(orderId: string) {
  return db()
    .select()
    .from(transactions)
    .where(and(eq(transactions.orderId, orderId), eq(transactions.type, "refund")));
}

/** The panel as a provider, with "Instagram Likes" mapped to its service 11. */
async function panelProvider(options: { supportsIdempotency: boolean }) {
  const admin = await createUser();
  const added = await addProviderFromForm(db(), {
    adminId: admin.id,
    form: {
      name: "Test Panel",
      apiUrl: panelUrl,
      apiKey: "panel-secret-key-1234",
      supportsIdempotency: options.supportsIdempotency ? "on" : undefined,
    },
  });
  if (!added.ok) throw new Error(added.message);
  const mapped = await mapProviderService(db(), {
    adminId: admin.id,
    providerId: added.providerId,
    providerServiceId: "11",
    serviceId: await serviceId("Instagram Likes"),
  });
  expect(mapped.ok).toBe(true);
  return { providerId: added.providerId, adminId: admin.id };
}

/** A paid order of 150 Instagram Likes ($4/1000: $0.60). */
async function likesOrder() {
  const customer = await createUser({ fundsCents: 1_000 });
  const placed = await placeOrder(db(), {
    userId: customer.id,
    serviceId: await serviceId("Instagram Likes"),
    quantity: 150,
    targetLink: "https://www.instagram.com/p/Fulfil1/",
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return { customer, order: placed.order };
}

async function submissionOf(orderId: string) {
  const [row] = await db().select().from(fulfilments).where(eq(fulfilments.orderId, orderId));
  return row!;
}

async function orderStatus(orderId: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

/** Makes every submission due now (instead of waiting out back-off or the poll interval). */
async function makeDue() {
  await db().update(fulfilments).set({ nextAttemptAt: sql`now() - interval '1 second'` });
}

function panelOrderOf(providerOrderId: string | null) {
  return panel.orders.get(Number(providerOrderId))!;
}

describe("upstream status words", () => {
  it("map to ours (product rules 4.6), forgiving case, and cap remains to 0..quantity", () => {
    expect(ourStatus("Pending")).toBe("pending");
    expect(ourStatus("Processing")).toBe("processing");
    expect(ourStatus("In progress")).toBe("in_progress");
    expect(ourStatus("Completed")).toBe("completed");
    expect(ourStatus("Partial")).toBe("partial");
    expect(ourStatus("Canceled")).toBe("cancelled");
    expect(ourStatus("CANCELED")).toBe("cancelled");
    expect(ourStatus("Exploded")).toBeNull();
    expect(parseRemains("37", 150)).toBe(37);
    expect(parseRemains(-5, 150)).toBe(0);
    expect(parseRemains("9999", 150)).toBe(150);
    expect(parseRemains(undefined, 150)).toBeNull();
  });
});

describe("sending orders to their provider and following them", () => {
  it("submits a mapped order once, follows it to Partial and refunds charge x remains / quantity, rounded down", async () => {
    await panelProvider({ supportsIdempotency: true });
    const { customer, order } = await likesOrder();
    expect(await balanceOf(customer.id)).toBe(940);

    await runFulfilmentRound(db(), ROUND);
    const submitted = await submissionOf(order.id);
    expect(submitted.state).toBe("submitted");
    expect(panel.adds).toBe(1);
    expect(panelOrderOf(submitted.providerOrderId)).toMatchObject({
      service: "11",
      link: "https://www.instagram.com/p/Fulfil1/",
      quantity: 150,
    });
    expect(panel.keys.get(`boostly-order-${order.id}`)).toBe(Number(submitted.providerOrderId));

    // A second round before the poll interval neither re-sends nor polls.
    await runFulfilmentRound(db(), ROUND);
    expect(panel.adds).toBe(1);

    for (const [upstream, ours] of [
      ["Processing", "processing"],
      ["In progress", "in_progress"],
    ] as const) {
      panelOrderOf(submitted.providerOrderId).status = upstream;
      await makeDue();
      await runFulfilmentRound(db(), ROUND);
      expect((await orderStatus(order.id)).status).toBe(ours);
    }

    Object.assign(panelOrderOf(submitted.providerOrderId), { status: "Partial", remains: 37 });
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    const partial = await orderStatus(order.id);
    expect(partial.status).toBe("partial");
    expect(partial.remains).toBe(37);
    // 60 x 37 / 150 = 14.8: 14 cents back.
    expect(await balanceOf(customer.id)).toBe(940 + 14);
    expect((await refundsOf(order.id)).map((row) => row.amountCents)).toEqual([14]);
    const done = await submissionOf(order.id);
    expect(done).toMatchObject({ state: "done", upstreamStatus: "Partial", upstreamRemains: 37 });

    // Finished submissions are not polled again.
    await makeDue();
    expect(await pollDueFulfilments(db(), ROUND)).toBe(0);
  });

  it("refunds a cancelled order in full exactly once, even when polled twice in parallel", async () => {
    await panelProvider({ supportsIdempotency: true });
    const { customer, order } = await likesOrder();
    await runFulfilmentRound(db(), ROUND);
    const submitted = await submissionOf(order.id);
    panelOrderOf(submitted.providerOrderId).status = "Canceled";
    await makeDue();

    const polls = await Promise.all([pollDueFulfilments(db(), ROUND), pollDueFulfilments(db(), ROUND)]);
    expect(polls.sort()).toEqual([0, 1]);
    // Even the same answer applied twice at once (no claim at all) moves money once.
    const canceled = {
      reported: true as const,
      status: "Canceled",
      remains: "150",
      charge: "0",
      posts: undefined,
    };
    await Promise.all([
      applyUpstreamStatus(db(), submitted, canceled, 30),
      applyUpstreamStatus(db(), submitted, canceled, 30),
    ]);

    expect((await orderStatus(order.id)).status).toBe("cancelled");
    expect((await refundsOf(order.id)).map((row) => row.amountCents)).toEqual([60]);
    expect(await balanceOf(customer.id)).toBe(1_000);
    expect((await submissionOf(order.id)).state).toBe("done");
  });

  it("retries a refused submission with growing back-off, then holds it and, after its deadline, fails and refunds the order", async () => {
    await panelProvider({ supportsIdempotency: false });
    const { customer, order } = await likesOrder();
    panel.refuseAdds = 2;

    await runFulfilmentRound(db(), ROUND);
    let row = await submissionOf(order.id);
    expect(row).toMatchObject({ state: "queued", attempts: 1, lastError: "Not enough funds on balance" });
    const firstDelay = (row.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(firstDelay).toBeGreaterThan(10);
    expect(firstDelay).toBeLessThanOrEqual(15);
    // Not due yet: nothing is sent.
    await runFulfilmentRound(db(), ROUND);
    expect(panel.adds).toBe(1);

    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    row = await submissionOf(order.id);
    expect(row).toMatchObject({ state: "queued", attempts: 2 });
    const secondDelay = (row.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(secondDelay).toBeGreaterThan(25);
    expect(secondDelay).toBeLessThanOrEqual(30);

    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect((await submissionOf(order.id)).state).toBe("submitted");
    expect(panel.adds).toBe(3);
    expect(panel.orders.size).toBe(1);
    expect(await balanceOf(customer.id)).toBe(940);

    // Another order refused on every attempt: held for the operator until its refund deadline (the settings'
    // 6 hours by default, product rules 14.12), the customer's order still pending; then failed, refunded in
    // full once.
    const second = await likesOrder();
    panel.refuseAdds = 100;
    await runFulfilmentRound(db(), ROUND);
    await db()
      .update(fulfilments)
      .set({ attempts: MAX_SUBMIT_ATTEMPTS - 1 })
      .where(eq(fulfilments.orderId, second.order.id));
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    const held = await submissionOf(second.order.id);
    expect(held).toMatchObject({ state: "needs_attention", lastError: "Not enough funds on balance" });
    const holdHours = ((held.refundDueAt?.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(holdHours).toBeGreaterThan(5.9);
    expect(holdHours).toBeLessThanOrEqual(6);
    expect((await orderStatus(second.order.id)).status).toBe("pending");
    expect(await balanceOf(second.customer.id)).toBe(940);
    await db()
      .update(fulfilments)
      .set({ refundDueAt: sql`now() - interval '1 second'` })
      .where(eq(fulfilments.orderId, second.order.id));
    expect((await runFulfilmentRound(db(), ROUND)).heldEnded).toBe(1);
    expect((await orderStatus(second.order.id)).status).toBe("failed");
    expect((await submissionOf(second.order.id)).state).toBe("done");
    expect(await balanceOf(second.customer.id)).toBe(1_000);
  });

  it("never re-sends blindly: a lost answer or an interrupted submission to a keyless provider is held for an admin", async () => {
    const { adminId } = await panelProvider({ supportsIdempotency: false });
    const { order } = await likesOrder();
    panel.garbleAdds = true;
    await runFulfilmentRound(db(), ROUND);
    let row = await submissionOf(order.id);
    expect(row.state).toBe("needs_attention");
    expect(row.lastError).toMatch(/without JSON/);
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(panel.adds).toBe(1);

    // A crash left another submission `submitting`: after its lease it is held, not re-sent.
    const second = await likesOrder();
    await runFulfilmentRound(db(), ROUND);
    await db()
      .update(fulfilments)
      .set({ state: "submitting", nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(fulfilments.orderId, second.order.id));
    const addsBefore = panel.adds;
    await runFulfilmentRound(db(), ROUND);
    expect(panel.adds).toBe(addsBefore);
    expect((await submissionOf(second.order.id)).state).toBe("needs_attention");
    const [listed] = await listProviders(db());
    expect(listed?.needsAttention).toBe(2);

    // The admin checked the panel and sends the first one again.
    panel.garbleAdds = false;
    const retried = await settleHeldSubmission(db(), { adminId, fulfilmentId: row.id, decision: "retry" });
    expect(retried.ok).toBe(true);
    await runFulfilmentRound(db(), ROUND);
    row = await submissionOf(order.id);
    expect(row.state).toBe("submitted");
    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "fulfilment.retry"));
    expect(audit).toHaveLength(1);
  });

  it("re-sends an interrupted submission with the same idempotency key to a provider that honours keys", async () => {
    await panelProvider({ supportsIdempotency: true });
    const { order } = await likesOrder();
    await runFulfilmentRound(db(), ROUND);
    const first = await submissionOf(order.id);
    // As if the worker died after `add` but before recording it.
    await db()
      .update(fulfilments)
      .set({ state: "submitting", providerOrderId: null, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(fulfilments.orderId, order.id));
    await runFulfilmentRound(db(), ROUND);
    const recovered = await submissionOf(order.id);
    expect(recovered.state).toBe("submitted");
    expect(recovered.providerOrderId).toBe(first.providerOrderId);
    expect(panel.adds).toBe(2);
    expect(panel.orders.size).toBe(1);
  });

  it("never submits an order whose service has no provider, nor one an admin took over before it was sent", async () => {
    const { adminId } = await panelProvider({ supportsIdempotency: true });
    const customer = await createUser({ fundsCents: 1_000 });
    const manual = await placeOrder(db(), {
      userId: customer.id,
      serviceId: await serviceId("Instagram Views"),
      quantity: 500,
      targetLink: "https://www.instagram.com/p/Manual1/",
      deliverySpeed: "normal",
    });
    if (!manual.ok) throw new Error(manual.message);
    expect((await orderStatus(manual.order.id)).delivery).toBe("manual");
    const { order: moved } = await likesOrder();
    expect((await orderStatus(moved.id)).delivery).toBe("provider");
    const takenOver = await changeOrderStatusFromForm(db(), {
      adminId,
      form: { intent: "set-status", orderId: moved.id, status: "in_progress" },
    });
    expect(takenOver.ok, takenOver.notice.message).toBe(true);

    await runFulfilmentRound(db(), ROUND);
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(panel.adds).toBe(0);
    expect(await db().select().from(fulfilments).where(eq(fulfilments.orderId, manual.order.id))).toEqual([]);
    expect(await submissionOf(moved.id)).toMatchObject({ state: "done", outcome: null });
    expect(await orderStatus(manual.order.id)).toMatchObject({ status: "pending", delivery: "manual" });
    expect(await orderStatus(moved.id)).toMatchObject({ status: "in_progress", delivery: "manual" });
  });
});

describe("auto orders", () => {
  it("are consumed post by post where the provider has no subscriptions: one post in flight, completed with the last", async () => {
    const { autoOrderId } = await mappedAutoOrder(2);

    for (const post of [1, 2]) {
      await makeDue();
      await runFulfilmentRound(db(), ROUND);
      await runFulfilmentRound(db(), ROUND);
      const open = await db()
        .select()
        .from(fulfilments)
        .where(and(eq(fulfilments.autoOrderId, autoOrderId), eq(fulfilments.state, "submitted")));
      expect(open).toHaveLength(1);
      expect(open[0]?.postNumber).toBe(post);
      expect(panelOrderOf(open[0]!.providerOrderId)).toMatchObject({
        link: "https://www.instagram.com/some.creator/",
        quantity: 100,
      });
      Object.assign(panelOrderOf(open[0]!.providerOrderId), { status: "Completed", remains: 0 });
      await makeDue();
      await runFulfilmentRound(db(), ROUND);
      const [auto] = await db().select().from(autoOrders).where(eq(autoOrders.id, autoOrderId));
      expect(auto?.remainingPosts).toBe(2 - post);
    }
    const [auto] = await db().select().from(autoOrders).where(eq(autoOrders.id, autoOrderId));
    expect(auto?.status).toBe("completed");
    expect(panel.adds).toBe(2);
  });

  it("count a completed post once, even when its answer is applied twice at once", async () => {
    const { autoOrder, post } = await autoOrderWithPostInFlight(3);
    const completed = {
      reported: true as const,
      status: "Completed",
      remains: "0",
      charge: null,
      posts: null,
    };
    await Promise.all([
      applyUpstreamStatus(db(), post, completed, 30),
      applyUpstreamStatus(db(), post, completed, 30),
    ]);
    const [after] = await db().select().from(autoOrders).where(eq(autoOrders.id, autoOrder.id));
    expect(after?.remainingPosts).toBe(2);
    expect(after?.status).toBe("active");

    // A worker whose claim ran out answers late, from its old copy of the row: the ended post stays ended.
    await applyUpstreamStatus(db(), post, { reported: false, error: "No status for this order" }, 30);
    const [ended] = await db().select().from(fulfilments).where(eq(fulfilments.id, post.id));
    expect(ended?.state).toBe("done");
    await applyUpstreamStatus(db(), post, completed, 30);
    const [afterLate] = await db().select().from(autoOrders).where(eq(autoOrders.id, autoOrder.id));
    expect(afterLate?.remainingPosts).toBe(2);
  });

  it("count a post reported Partial without the units left as delivered, refunding nothing by itself", async () => {
    const { customer, autoOrder, post } = await autoOrderWithPostInFlight(2);
    const before = await balanceOf(customer.id);
    await applyUpstreamStatus(
      db(),
      post,
      { reported: true, status: "Partial", remains: null, charge: null, posts: null },
      30,
    );
    const [after] = await db().select().from(autoOrders).where(eq(autoOrders.id, autoOrder.id));
    expect(after?.remainingPosts).toBe(1);
    const [ended] = await db().select().from(fulfilments).where(eq(fulfilments.id, post.id));
    expect(ended).toMatchObject({ state: "done", lastError: expect.stringContaining("nothing refunded") });
    expect(await balanceOf(customer.id)).toBe(before);
  });
});

/** The panel's plain likes service (an auto order sent through it goes post by post) and its subscription service. */
const PANEL_LIKES = "11";
const PANEL_SUBSCRIPTIONS = "12";

/**
 * An auto order of `posts` x 100 likes, for a customer funded with $10, whose service is mapped to the panel's
 * `providerServiceId` (post by post unless it is the subscription service).
 */
async function mappedAutoOrder(posts: number, options = { providerServiceId: PANEL_LIKES }) {
  const { adminId, providerId } = await panelProvider({ supportsIdempotency: true });
  const mapped = await mapProviderService(db(), {
    adminId,
    providerId,
    providerServiceId: options.providerServiceId,
    serviceId: await serviceId("Instagram Auto Likes"),
  });
  expect(mapped.ok).toBe(true);
  const customer = await createUser({ fundsCents: 1_000 });
  const placed = await placeAutoOrder(db(), {
    userId: customer.id,
    serviceId: await serviceId("Instagram Auto Likes"),
    username: "@some.creator",
    perPost: 100,
    posts,
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return { customer, autoOrderId: placed.autoOrder.id };
}

/** A post-by-post mappedAutoOrder with its first post submitted to the panel. */
async function autoOrderWithPostInFlight(posts: number) {
  const { customer, autoOrderId } = await mappedAutoOrder(posts);
  await makeDue();
  await runFulfilmentRound(db(), ROUND);
  await runFulfilmentRound(db(), ROUND);
  const [post] = await db()
    .select()
    .from(fulfilments)
    .where(and(eq(fulfilments.autoOrderId, autoOrderId), eq(fulfilments.state, "submitted")));
  const [auto] = await db().select().from(autoOrders).where(eq(autoOrders.id, autoOrderId));
  return { customer, autoOrder: auto!, post: post! };
}

async function autoOrderRefunds(autoOrderId: string) {
  return db()
    .select()
    .from(transactions)
    .where(and(eq(transactions.autoOrderId, autoOrderId), eq(transactions.type, "refund")));
}

describe("auto order posts delivered partially", () => {
  it("refund the post's undelivered share once, however often it is reported, and cancelling refunds the posts left", async () => {
    const { customer, autoOrder, post } = await autoOrderWithPostInFlight(3);
    const paid = 1_000 - 3 * autoOrder.costPerPostCents;
    expect(await balanceOf(customer.id)).toBe(paid);

    Object.assign(panelOrderOf(post.providerOrderId), { status: "Partial", remains: 40 });
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    const share = Math.floor((autoOrder.costPerPostCents * 40) / 100);
    expect(share).toBeGreaterThan(0);
    expect(await balanceOf(customer.id)).toBe(paid + share);
    const [refund] = await autoOrderRefunds(autoOrder.id);
    expect(refund).toMatchObject({ amountCents: share, fulfilmentId: post.id });
    expect(refund?.metadata).toMatchObject({ post_number: 1, remains: 40 });
    const [afterPost] = await db().select().from(autoOrders).where(eq(autoOrders.id, autoOrder.id));
    expect(afterPost?.remainingPosts).toBe(2);

    // The same answer again, twice at once (a retried round, a second worker): nothing moves.
    const [done] = await db().select().from(fulfilments).where(eq(fulfilments.id, post.id));
    const again = { reported: true as const, status: "Partial", remains: "40", charge: null, posts: null };
    await Promise.all([
      applyUpstreamStatus(db(), done!, again, 30),
      applyUpstreamStatus(db(), done!, again, 30),
    ]);
    expect(await autoOrderRefunds(autoOrder.id)).toHaveLength(1);
    expect(await balanceOf(customer.id)).toBe(paid + share);
    const [afterRepeat] = await db().select().from(autoOrders).where(eq(autoOrders.id, autoOrder.id));
    expect(afterRepeat?.remainingPosts).toBe(2);

    const cancelled = await cancelAutoOrder(db(), { kind: "customer", userId: customer.id }, autoOrder.id);
    expect(cancelled.ok && cancelled.refundCents).toBe(2 * autoOrder.costPerPostCents);
    expect(await balanceOf(customer.id)).toBe(paid + share + 2 * autoOrder.costPerPostCents);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("refund nothing more for a post of an auto order cancelled while it was in flight", async () => {
    const { customer, autoOrder, post } = await autoOrderWithPostInFlight(2);
    const cancelled = await cancelAutoOrder(db(), { kind: "customer", userId: customer.id }, autoOrder.id);
    // The post in flight was still a remaining post: the cancel paid it back in full.
    expect(cancelled.ok && cancelled.refundCents).toBe(2 * autoOrder.costPerPostCents);
    const refunded = await balanceOf(customer.id);
    expect(refunded).toBe(1_000);

    Object.assign(panelOrderOf(post.providerOrderId), { status: "Partial", remains: 40 });
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(await balanceOf(customer.id)).toBe(refunded);
    expect(await autoOrderRefunds(autoOrder.id)).toHaveLength(1);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });
});

describe("auto orders as subscriptions", () => {
  it("are sent once as the provider's subscription; served posts lower the remaining posts until completed", async () => {
    const { autoOrderId } = await mappedAutoOrder(5, { providerServiceId: PANEL_SUBSCRIPTIONS });

    await runFulfilmentRound(db(), ROUND);
    await runFulfilmentRound(db(), ROUND);
    expect(panel.adds).toBe(1);
    const [subscription] = await db()
      .select()
      .from(fulfilments)
      .where(eq(fulfilments.autoOrderId, autoOrderId));
    expect(subscription).toMatchObject({ postNumber: 0, state: "submitted" });
    const upstream = panelOrderOf(subscription!.providerOrderId);
    expect(upstream.form).toMatchObject({
      service: "12",
      username: "some.creator",
      min: "100",
      max: "100",
      posts: "5",
    });

    Object.assign(upstream, { status: "Active", posts: 2 });
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    let [auto] = await db().select().from(autoOrders).where(eq(autoOrders.id, autoOrderId));
    expect(auto).toMatchObject({ remainingPosts: 3, status: "active" });

    Object.assign(upstream, { status: "Completed", posts: 5 });
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    [auto] = await db().select().from(autoOrders).where(eq(autoOrders.id, autoOrderId));
    expect(auto).toMatchObject({ remainingPosts: 0, status: "completed" });
    // A finished subscription is never sent again.
    await makeDue();
    await runFulfilmentRound(db(), ROUND);
    expect(panel.adds).toBe(1);
  });
});

describe("providers in the admin area", () => {
  it("keep the key encrypted and masked, read the balance, import services, and refuse deleting a used provider", async () => {
    const { providerId, adminId } = await panelProvider({ supportsIdempotency: false });
    const [stored] = await db().select().from(providers);
    expect(stored?.apiKeyEncrypted).not.toContain("panel-secret-key-1234");
    const [listed] = await listProviders(db());
    expect(listed?.maskedKey).toBe("••••1234");
    expect(JSON.stringify(listed)).not.toContain("panel-secret");

    expect((await refreshProviderBalance(db(), { providerId })).ok).toBe(true);
    const [refreshed] = await listProviders(db());
    expect(refreshed).toMatchObject({ balance: "100.84", balanceCurrency: "USD" });

    // Its catalogue as a sync read it; one of its services imported through the bulk form (no longer per click).
    expect((await syncProviderNow(db(), { providerId })).ok).toBe(true);
    const selection = {
      platform: "instagram",
      categoryId: null,
      targetKind: "post" as const,
      markup: { percent: "50", minPer1000: "0" },
      enable: false,
    };
    const imported = await importProviderServices(db(), {
      adminId,
      providerId,
      selection: { ...selection, upstreamIds: ["12"] },
    });
    if (!imported.ok) throw new Error(imported.message);
    const [service] = await db().select().from(services).where(eq(services.id, imported.imported[0]!));
    expect(service).toMatchObject({
      name: "Panel Auto Likes",
      pricePer1000: "3.0000",
      enabled: false,
      minQuantity: 50,
      serviceType: "auto",
    });
    const [mapping] = await db()
      .select()
      .from(providerServices)
      .where(eq(providerServices.serviceId, imported.imported[0]!));
    expect(mapping).toMatchObject({ providerId, providerServiceId: "12", costPer1000: "2.0000" });
    // Service 11 is mapped already (to Instagram Likes), 999 the provider does not list: nothing to import.
    const unknown = await importProviderServices(db(), {
      adminId,
      providerId,
      selection: { ...selection, upstreamIds: ["11", "999"] },
    });
    expect(unknown).toMatchObject({ ok: false, kind: "conflict" });

    const refused = await deleteProvider(db(), { adminId, providerId });
    expect(refused.ok).toBe(false);
    const actions = (await db().select().from(adminAuditLog)).map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining(["provider.added", "provider.service_mapped", "provider.services_imported"]),
    );
  });
});

describe("the simulated provider", () => {
  it("is created once with every service mapped to it, and takes the shop's new orders (development)", async () => {
    await Promise.all([ensureSimulatedProvider(db()), ensureSimulatedProvider(db())]);
    const simulated = await db().select().from(providers);
    expect(simulated).toHaveLength(1);
    expect(simulated[0]).toMatchObject({ isSimulated: true, supportsIdempotency: true });
    const [{ count } = { count: 0 }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(providerServices);
    expect(count).toBe(await db().$count(services));

    const { order } = await likesOrder();
    await runFulfilmentRound(db(), ROUND);
    const [upstream] = await db().select().from(simulatedProviderOrders);
    expect(upstream).toMatchObject({
      service: "instagram-likes",
      quantity: 150,
      idempotencyKey: `boostly-order-${order.id}`,
    });
    expect((await submissionOf(order.id)).providerOrderId).toBe(String(upstream?.id));
  });

  it("honours idempotency keys and moves an order through realistic statuses to its planned end", async () => {
    const transport = simulatedTransport(db());
    const add = {
      action: "add",
      service: "instagram-likes",
      link: "https://www.instagram.com/p/Sim1/",
      quantity: "200",
    };
    const first = (await transport({ ...add, idempotency_key: "k-1" })) as { order: number };
    const again = (await transport({ ...add, idempotency_key: "k-1" })) as { order: number };
    expect(again.order).toBe(first.order);
    expect(await db().select().from(simulatedProviderOrders)).toHaveLength(1);
    // A wholesale panel's small minimum (a free trial fits), and the shop's maximum.
    expect(await transport({ ...add, quantity: "0" })).toMatchObject({ error: expect.any(String) });
    expect(await transport({ ...add, quantity: "100001" })).toMatchObject({ error: expect.any(String) });
    expect(await transport({ ...add, quantity: "2" })).toMatchObject({ order: expect.any(Number) });

    const [row] = await db()
      .select()
      .from(simulatedProviderOrders)
      .where(eq(simulatedProviderOrders.id, first.order));
    const plan = { ...row!, outcome: "partial", undelivered: 40, durationSeconds: 100 };
    const at = (seconds: number) =>
      simulatedStatus(plan, new Date(plan.createdAt.getTime() + seconds * 1000));
    expect(at(5).status).toBe("Pending");
    expect(at(20).status).toBe("Processing");
    expect(at(60)).toMatchObject({ status: "In progress" });
    expect(Number(at(60).remains)).toBeLessThan(200);
    expect(at(100)).toMatchObject({ status: "Partial", remains: "40" });
    expect(
      simulatedStatus({ ...plan, outcome: "completed" }, new Date(plan.createdAt.getTime() + 101_000)),
    ).toMatchObject({
      status: "Completed",
      remains: "0",
    });
    const statuses = (await transport({ action: "status", orders: `${first.order},424242` })) as Record<
      string,
      unknown
    >;
    expect(statuses[String(first.order)]).toMatchObject({ status: "Pending" });
    expect(statuses["424242"]).toEqual({ error: "Incorrect order ID" });
  });
});
