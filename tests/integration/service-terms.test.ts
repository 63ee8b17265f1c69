import "../support/worker-database.ts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders, providerCatalog, services, transactions } from "../../app/db/schema.ts";
import { readContentVersion } from "../../app/domain/content/content-version.server.ts";
import { mapProviderService } from "../../app/domain/fulfilment/provider-services.server.ts";
import { runFulfilmentRound } from "../../app/domain/order-lifecycle/run-fulfilment-round.server.ts";
import { cancelOrder } from "../../app/domain/orders/cancel-order.server.ts";
import { CANCEL_TEXT } from "../../app/domain/orders/cancel-rules.ts";
import { listCustomerOrders } from "../../app/domain/orders/list-customer-orders.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { readLikesPackTerms, readServiceTerms } from "../../app/domain/orders/read-service-terms.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { REFILL_CODES, REFILL_TEXT } from "../../app/domain/refills/refill-rules.ts";
import { requestRefill } from "../../app/domain/refills/request-refill.server.ts";
import { listApiServices } from "../../app/domain/reseller/api-services.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { createUser, serviceBySlug } from "../support/factories.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { addPanelProvider } from "../support/panel-provider.ts";
import { steerablePanel } from "../support/steerable-panel.ts";
import { resetDatabase } from "../support/worker-database.ts";

const ROUND = { leaseSeconds: 60, pollSeconds: 30 };
const KEY = "terms-panel-key-1234";

/** Likes take cancels upstream, Followers do not (the panel's own `services` flags). */
const panel = steerablePanel({
  key: KEY,
  services: [
    { service: 21, name: "Likes", min: 10, max: 100_000, cancel: true, refill: true },
    { service: 22, name: "Followers", min: 10, max: 100_000, cancel: false, refill: false },
  ],
});
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

/** The panel as a provider: Instagram Likes mapped to its 21 (cancels), Instagram Followers to its 22 (none). */
async function panelProvider() {
  return addPanelProvider({
    name: "Terms Panel",
    apiUrl: panelServer.url,
    apiKey: KEY,
    services: { "instagram-likes": "21", "instagram-followers": "22" },
  });
}

async function order(slug: string, quantity = 200) {
  const customer = await createUser({ fundsCents: 5_000 });
  const placed = await placeOrder(db(), {
    userId: customer.id,
    serviceId: (await serviceBySlug(slug)).id,
    quantity,
    targetLink: slug.includes("followers")
      ? "https://www.instagram.com/terms_profile/"
      : "https://www.instagram.com/p/Terms1/",
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return { customer, orderId: placed.order.id, totalCents: placed.order.totalCents };
}

async function card(customerId: string) {
  const [first] = (await listCustomerOrders(db(), customerId)).orders;
  if (!first) throw new Error("no order on /orders");
  return first;
}

async function refundsOf(orderId: string) {
  const rows = await db()
    .select({ amount: transactions.amountCents })
    .from(transactions)
    .where(and(eq(transactions.orderId, orderId), eq(transactions.type, "refund")));
  return rows.map((row) => row.amount);
}

describe("a service's terms (product rules 4.14)", () => {
  it("come from its refill window and its provider service's cancel flag, the same on /orders' source and the API", async () => {
    const likes = await serviceBySlug("instagram-likes");
    const followers = await serviceBySlug("instagram-followers");
    const views = await serviceBySlug("instagram-views");
    // Before any mapping: a person delivers each, so a cancel is asked of them until they start.
    expect((await readServiceTerms(db(), [views.id])).get(views.id)).toEqual({
      refillDays: views.refillDays,
      cancel: "while_pending",
    });

    await panelProvider();
    await db().update(services).set({ refillDays: null }).where(eq(services.id, followers.id));
    const terms = await readServiceTerms(db(), [likes.id, followers.id]);
    expect(likes.refillDays).not.toBeNull();
    expect(terms.get(likes.id)).toEqual({ refillDays: likes.refillDays, cancel: "asks_provider" });
    expect(terms.get(followers.id)).toEqual({ refillDays: null, cancel: "before_sent" });

    const api = await listApiServices(db());
    const entry = (apiId: number) => api.find((service) => service.service === apiId);
    expect(entry(likes.apiId)).toMatchObject({ refill: true, cancel: true });
    expect(entry(followers.apiId)).toMatchObject({ refill: false, cancel: false });
    // A person delivers Views: cancellable until they start.
    expect(entry(views.apiId)).toMatchObject({ cancel: true });
  });

  it("a likes pack has its Instagram Likes service's terms, in the API too", async () => {
    const { providerId, adminId } = await panelProvider();
    const likes = await serviceBySlug("instagram-likes");
    const packs = async () => (await listApiServices(db())).filter((service) => service.type === "Package");
    expect(await readLikesPackTerms(db())).toEqual({ refillDays: likes.refillDays, cancel: "asks_provider" });
    expect((await packs()).length).toBeGreaterThan(0);
    for (const pack of await packs()) expect(pack).toMatchObject({ refill: true, cancel: true });

    // Its views add-on sent to a provider service without cancels: a pack's cancel is no larger (rules 4.15).
    const views = await serviceBySlug("instagram-views");
    expect(
      await mapProviderService(db(), { adminId, providerId, providerServiceId: "22", serviceId: views.id }),
    ).toMatchObject({ ok: true });
    expect(await readLikesPackTerms(db())).toEqual({ refillDays: likes.refillDays, cancel: "before_sent" });
    for (const pack of await packs()) expect(pack).toMatchObject({ refill: true, cancel: false });
    await db().execute(sql`delete from provider_services where service_id = ${views.id}`);

    // The likes service loses its refill and its provider its cancels: every pack follows.
    await db().update(services).set({ refillDays: null }).where(eq(services.id, likes.id));
    await db().update(providerCatalog).set({ cancel: false }).where(eq(providerCatalog.upstreamId, "21"));
    expect(await readLikesPackTerms(db())).toEqual({ refillDays: null, cancel: "before_sent" });
    for (const pack of await packs()) expect(pack).toMatchObject({ refill: false, cancel: false });
  });

  it("a change of mapping or of a cancel flag moves the content version; a sync that changes no flag does not", async () => {
    const { providerId } = await panelProvider();
    let before = await readContentVersion(db());
    await db().update(providerCatalog).set({ cancel: false }).where(eq(providerCatalog.upstreamId, "21"));
    expect(await readContentVersion(db())).not.toBe(before);

    before = await readContentVersion(db());
    // As a sync round writes it: the same flags upserted again.
    await db().execute(sql`insert into provider_catalog (provider_id, upstream_id, name, rate, min_quantity,
      max_quantity, cancel, refill) values (${providerId}, '21', 'Likes', 1, 10, 100000, false, true)
      on conflict (provider_id, upstream_id) do update set cancel = excluded.cancel, refill = excluded.refill`);
    expect(await readContentVersion(db())).toBe(before);

    await db().execute(sql`delete from provider_services where provider_service_id = '22'`);
    expect(await readContentVersion(db())).not.toBe(before);
  });
});

describe("the customer's cancel is offered only where it can be honoured (product rules 4.15-4.17)", () => {
  it("not sent yet: offered as stopping now, and it does, refunded in full, even where the provider takes no cancels", async () => {
    await panelProvider();
    const { customer, orderId, totalCents } = await order("instagram-followers");
    expect(await card(customer.id)).toMatchObject({
      canCancel: true,
      cancelKind: "stops_now",
      cancelNote: null,
    });
    expect(await cancelOrder(db(), { orderId, by: { customerId: customer.id } })).toEqual({
      ok: true,
      outcome: "cancelled",
      refundCents: totalCents,
    });
    await runFulfilmentRound(db(), ROUND);
    expect(panel.adds).toBe(0);
    expect(await refundsOf(orderId)).toEqual([totalCents]);
  });

  it("sent to a provider service without cancels: not offered, with the reason; refused under the lock too", async () => {
    await panelProvider();
    const { customer, orderId } = await order("instagram-followers");
    await runFulfilmentRound(db(), ROUND);
    expect(panel.adds).toBe(1);
    expect(await card(customer.id)).toMatchObject({
      canCancel: false,
      cancelKind: null,
      cancelNote: CANCEL_TEXT.noCancelsNote,
    });
    // A Cancel shown a moment too long (or the API's cancel) is refused: nothing is asked, nothing changes.
    expect(await cancelOrder(db(), { orderId, by: { customerId: customer.id } })).toMatchObject({
      ok: false,
      kind: "conflict",
      message: CANCEL_TEXT.providerTakesNoCancels.message,
    });
    expect(panel.cancelCalls).toEqual([]);
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: "pending", cancelRequestedAt: null });
    expect(await refundsOf(orderId)).toEqual([]);
  });

  it("sent to a provider service that takes cancels: offered as asking the provider, which is asked once", async () => {
    await panelProvider();
    const { customer, orderId } = await order("instagram-likes");
    await runFulfilmentRound(db(), ROUND);
    expect(await card(customer.id)).toMatchObject({ canCancel: true, cancelKind: "asks_provider" });
    expect(await cancelOrder(db(), { orderId, by: { customerId: customer.id } })).toEqual({
      ok: true,
      outcome: "requested",
      alreadyRequested: false,
    });
    expect(panel.cancelCalls).toHaveLength(1);
    expect(await card(customer.id)).toMatchObject({
      canCancel: false,
      cancelNote: null,
      cancelState: "requested",
    });
  });

  it("an admin may still ask a provider without cancels (the override handles a refusal)", async () => {
    const { adminId } = await panelProvider();
    const { orderId } = await order("instagram-followers");
    await runFulfilmentRound(db(), ROUND);
    expect(await cancelOrder(db(), { orderId, by: { adminId } })).toMatchObject({
      ok: true,
      outcome: "requested",
    });
    expect(panel.cancelCalls).toHaveLength(1);
  });

  it("delivered by a person: stops now while pending; once started, not offered, with the reason", async () => {
    const { customer, orderId } = await order("instagram-views", 500);
    expect(await card(customer.id)).toMatchObject({ cancelKind: "stops_now" });
    expect(await setOrderStatus(db(), { orderId, status: "in_progress" })).toMatchObject({ ok: true });
    expect(await card(customer.id)).toMatchObject({
      canCancel: false,
      cancelKind: null,
      cancelNote: CANCEL_TEXT.startedNote,
    });
  });

  it("past the cancel window: not offered, with the reason", async () => {
    const { customer, orderId } = await order("instagram-views", 500);
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(orders.id, orderId));
    expect(await card(customer.id)).toMatchObject({
      canCancel: false,
      cancelNote: CANCEL_TEXT.windowPassedNote,
    });
    expect(await cancelOrder(db(), { orderId, by: { customerId: customer.id } })).toMatchObject({
      ok: false,
      message: CANCEL_TEXT.windowPassed.message,
    });
  });
});

describe("refill is offered only on refillable services (product rules 4.7, 4.19)", () => {
  it("a completed order of a service without refill shows why and is refused; one with refill is offered", async () => {
    const views = await serviceBySlug("instagram-views");
    await db().update(services).set({ refillDays: null }).where(eq(services.id, views.id));
    const none = await order("instagram-views", 500);
    expect(await setOrderStatus(db(), { orderId: none.orderId, status: "completed" })).toMatchObject({
      ok: true,
    });
    expect(await card(none.customer.id)).toMatchObject({
      canRefill: false,
      refillNote: REFILL_TEXT.noRefillNote,
    });
    expect(await requestRefill(db(), { userId: none.customer.id, orderId: none.orderId })).toMatchObject({
      ok: false,
      code: REFILL_CODES.notAvailable,
    });

    await db().update(services).set({ refillDays: 30 }).where(eq(services.id, views.id));
    expect(await card(none.customer.id)).toMatchObject({ canRefill: true, refillNote: null });
    expect(await requestRefill(db(), { userId: none.customer.id, orderId: none.orderId })).toMatchObject({
      ok: true,
    });
  });
});
