import "../support/worker-database.ts";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  exchangeRates,
  fulfilments,
  orders,
  providerServices,
  providers,
  services,
  transactions,
} from "../../app/db/schema.ts";
import { usdPerUnit } from "../../app/domain/fulfilment/exchange-rates.server.ts";
import { runFulfilmentRound } from "../../app/domain/order-lifecycle/run-fulfilment-round.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { addProviderFromForm } from "../../app/routes/admin.providers.$providerId/provider-page-actions.server.ts";
import { balanceOf, createUser, serviceBySlug } from "../support/factories.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { steerablePanel } from "../support/steerable-panel.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Product rules 13.14 (docs/decisions/037): what each part cost the shop, fulfilments.cost_cents: its quantity at
// its mapping's cost when it is sent (cents rounded up), then the provider's own charge, converted to dollars.

const ROUND = { leaseSeconds: 60, pollSeconds: 30 };
const KEY = "costs-panel-key-1234";
const POST = "https://www.instagram.com/p/Costs1/";

const panel = steerablePanel({
  key: KEY,
  services: [
    { service: 11, name: "Instagram Likes", min: 10, max: 100_000 },
    { service: 15, name: "Instagram Starter Package", type: "Package", rate: "5.00", min: 1, max: 1 },
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

/** The panel as a provider (in `currency`), with one of our services mapped to one of its services at a cost. */
async function mapped(
  serviceId: string,
  mapping: { providerServiceId: string; type?: string; costPer1000: string | null; currency?: string },
) {
  const admin = await createUser({ admin: true });
  const added = await addProviderFromForm(db(), {
    adminId: admin.id,
    form: { name: "Costs Panel", apiUrl: panelServer.url, apiKey: KEY, supportsIdempotency: "on" },
  });
  if (!added.ok) throw new Error(added.message);
  await db()
    .update(providers)
    .set({ currency: mapping.currency ?? "USD" })
    .where(eq(providers.id, added.providerId));
  await db()
    .insert(providerServices)
    .values({
      serviceId,
      providerId: added.providerId,
      providerServiceId: mapping.providerServiceId,
      providerServiceType: mapping.type ?? "Default",
      costPer1000: mapping.costPer1000,
    });
}

async function order(serviceId: string, quantity: number) {
  const customer = await createUser({ fundsCents: 10_000 });
  const placed = await placeOrder(db(), {
    userId: customer.id,
    serviceId,
    quantity,
    targetLink: POST,
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  return { customerId: customer.id, orderId: placed.order.id };
}

async function partOf(orderId: string) {
  const [row] = await db().select().from(fulfilments).where(eq(fulfilments.orderId, orderId));
  return row!;
}

/** The provider answers the part's status (and charge) at the next poll. */
async function upstreamSays(orderId: string, answer: { status: string; remains?: number; charge?: string }) {
  const part = await partOf(orderId);
  Object.assign(panel.order(part.providerOrderId), { remains: 0, ...answer });
  await db().update(fulfilments).set({ nextAttemptAt: sql`now() - interval '1 second'` });
  await runFulfilmentRound(db(), ROUND);
  return partOf(orderId);
}

describe("what a part cost", () => {
  it("is its quantity at the mapping's cost when sent (rounded up), then the provider's own charge", async () => {
    const likes = await serviceBySlug("instagram-likes");
    // 150 likes at $3.3333/1000: $0.499995, recorded as 50 cents.
    await mapped(likes.id, { providerServiceId: "11", costPer1000: "3.3333" });
    const { orderId } = await order(likes.id, 150);
    expect((await partOf(orderId)).costCents).toBeNull();
    await runFulfilmentRound(db(), ROUND);
    expect(await partOf(orderId)).toMatchObject({ state: "submitted", costCents: 50 });
    // While it runs the provider states $0.4321: 43.21 cents, recorded as 44.
    expect(
      await upstreamSays(orderId, { status: "In progress", remains: 100, charge: "0.4321" }),
    ).toMatchObject({
      costCents: 44,
    });
    expect(await upstreamSays(orderId, { status: "Completed", charge: "0.45" })).toMatchObject({
      state: "done",
      costCents: 45,
    });
  });

  it("is converted from the provider's currency at the operator's rate, and kept as sent when it has none", async () => {
    const likes = await serviceBySlug("instagram-likes");
    await mapped(likes.id, { providerServiceId: "11", costPer1000: "4.0000", currency: "INR" });
    await db().insert(exchangeRates).values({ currency: "INR", usdPerUnit: "0.01200000" });
    expect(await usdPerUnit(db(), "inr")).toBe("0.01200000");
    expect(await usdPerUnit(db(), "USD")).toBe("1");
    expect(await usdPerUnit(db(), "EUR")).toBeNull();
    const { orderId } = await order(likes.id, 150);
    await runFulfilmentRound(db(), ROUND);
    expect((await partOf(orderId)).costCents).toBe(60);
    // 45.50 rupees at $0.012: $0.546, recorded as 55 cents.
    expect(await upstreamSays(orderId, { status: "Completed", charge: "45.50" })).toMatchObject({
      costCents: 55,
    });

    // Without a rate for its currency a charge cannot be converted: the cost recorded when sent stays.
    await db().delete(exchangeRates);
    const second = await order(likes.id, 200);
    await runFulfilmentRound(db(), ROUND);
    expect(await upstreamSays(second.orderId, { status: "Completed", charge: "70" })).toMatchObject({
      state: "done",
      costCents: 80,
    });
  });

  it("is unknown (null) for a mapping whose cost is not known yet, until the provider states a charge", async () => {
    const likes = await serviceBySlug("instagram-likes");
    await mapped(likes.id, { providerServiceId: "11", costPer1000: null });
    const { orderId } = await order(likes.id, 150);
    await runFulfilmentRound(db(), ROUND);
    expect(await partOf(orderId)).toMatchObject({ state: "submitted", costCents: null });
    expect(await upstreamSays(orderId, { status: "Completed", charge: "0.3" })).toMatchObject({
      costCents: 30,
    });
  });
});

describe("a Package sent to a provider's Package", () => {
  async function packageService() {
    const slug = `starter-package-${randomUUID().slice(0, 8)}`;
    const [row] = await db()
      .insert(services)
      .values({
        slug,
        name: "Instagram Starter Package",
        platform: "instagram",
        serviceType: "one_time",
        orderType: "package",
        pricePer1000: "7.9500",
        minQuantity: 1,
        maxQuantity: 1,
      })
      .returning();
    return row!;
  }

  it("goes up as one unit costing its per-package cost; a Partial with the package left refunds the whole charge", async () => {
    const starter = await packageService();
    await mapped(starter.id, { providerServiceId: "15", type: "Package", costPer1000: "5.0000" });
    const { customerId, orderId } = await order(starter.id, 1);
    expect(await balanceOf(customerId)).toBe(10_000 - 795);
    await runFulfilmentRound(db(), ROUND);
    const sent = await partOf(orderId);
    expect(sent).toMatchObject({ state: "submitted", quantity: 1, chargeCents: 795, costCents: 500 });
    expect(panel.order(sent.providerOrderId)).toMatchObject({ service: "15", quantity: 1 });

    // Partial with its one package left (remains 1 of 1): nothing was delivered, the whole $7.95 comes back; the
    // provider's own charge for it (nothing) is what it cost.
    expect(await upstreamSays(orderId, { status: "Partial", remains: 1, charge: "0" })).toMatchObject({
      state: "done",
      outcome: "partial",
      costCents: 0,
    });
    const refunds = await db()
      .select({ amount: transactions.amountCents })
      .from(transactions)
      .where(and(eq(transactions.orderId, orderId), eq(transactions.type, "refund")));
    expect(refunds.map((refund) => refund.amount)).toEqual([795]);
    expect(await balanceOf(customerId)).toBe(10_000);
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: "partial", quantity: 1, remains: 1 });
  });
});
