import "../support/worker-database.ts";
import { randomInt } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  adminAuditLog,
  exchangeRates,
  orders,
  platforms,
  providerCatalog,
  providerServices,
  providers,
  serviceChanges,
  services,
} from "../../app/db/schema.ts";
import { listServicesForAdmin } from "../../app/domain/catalog/list-services-for-admin.server.ts";
import { importProviderServices } from "../../app/domain/fulfilment/import-provider-services.server.ts";
import { setExchangeRate } from "../../app/domain/fulfilment/manage-exchange-rates.server.ts";
import { readProviderCatalog } from "../../app/domain/fulfilment/read-provider-catalog.server.ts";
import { readProviderPage } from "../../app/domain/fulfilment/read-provider-page.server.ts";
import { syncAllProviders, syncProviderNow } from "../../app/domain/fulfilment/sync-providers.server.ts";
import { ORDER_TEXT } from "../../app/domain/orders/messages.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { chargeForQuantity } from "../../app/domain/pricing/price.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { addProviderFromForm } from "../../app/routes/admin.providers.$providerId/provider-page-actions.server.ts";
import { createUser } from "../support/factories.ts";
import { type FakePanel, startFakePanel } from "../support/fake-panel.ts";
import { type PanelService, steerablePanel } from "../support/steerable-panel.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Provider sync, markup, currencies and bulk import (docs/decisions/037, 040; product rules 13.20 to 13.29):
// local upstream panels whose rates, types, currency and service list change between sync rounds.

const DEFAULT_LIKES: PanelService = {
  service: 101,
  name: "Upstream Likes",
  category: "Instagram Likes",
  rate: "4.00",
  min: 100,
  max: 10_000,
  dripfeed: true,
  refill: true,
};
const PACKAGE: PanelService = {
  service: 102,
  name: "Upstream Likes Package",
  type: "Package",
  category: "Instagram Likes",
  rate: "7.95",
  min: 1,
  max: 1,
};
const COMMENTS: PanelService = {
  service: 103,
  name: "Upstream Custom Comments",
  type: "Custom Comments",
  category: "Instagram Comments",
  rate: "20",
  min: 5,
  max: 500,
};
const SUBSCRIPTION: PanelService = {
  service: 104,
  name: "Upstream Auto Likes",
  type: "Subscriptions",
  category: "Instagram Auto",
  rate: "5",
  min: 50,
  max: 5_000,
};
const POLL: PanelService = {
  service: 105,
  name: "Upstream Poll Votes",
  type: "Poll",
  rate: "1",
  min: 10,
  max: 100,
};

const dollars = steerablePanel({
  key: "usd-panel-key-0001",
  services: [DEFAULT_LIKES, PACKAGE, COMMENTS, SUBSCRIPTION, POLL],
});
const rupees = steerablePanel({
  key: "inr-panel-key-0002",
  currency: "INR",
  services: [
    { service: 7, name: "Telegram Members", category: "Telegram", rate: "250", min: 10, max: 1_000 },
  ],
});
let dollarServer: FakePanel;
/** While set, the dollar panel answers its service list only once this settles (a round held mid-way). */
let listHeld: Promise<void> | null = null;
let rupeeServer: FakePanel;

beforeAll(async () => {
  dollarServer = await startFakePanel(async (form) => {
    if (form.get("action") === "services" && listHeld) await listHeld;
    return dollars.answer(form);
  });
  rupeeServer = await startFakePanel((form) => rupees.answer(form));
});
afterAll(async () => {
  await dollarServer.close();
  await rupeeServer.close();
});

beforeEach(async () => {
  await resetDatabase();
  await db().execute(sql`truncate table fulfilments, provider_services, providers cascade`);
  await db().execute(sql`delete from platforms where slug = 'telegram'`);
  dollars.reset();
  rupees.reset();
});

const LINK = "https://www.instagram.com/p/SyncTest1/";

async function addPanel(
  panel: { url: string },
  key: string,
  options: { onRateRise?: "follow" | "pause"; name?: string } = {},
) {
  const admin = await createUser({ admin: true });
  const added = await addProviderFromForm(db(), {
    adminId: admin.id,
    form: {
      name: options.name ?? "Upstream Panel",
      apiUrl: panel.url,
      apiKey: key,
      markupPercent: "50",
      markupMinPer1000: "0",
      onRateRise: options.onRateRise ?? "follow",
    },
  });
  if (!added.ok) throw new Error(added.message);
  return { providerId: added.providerId, adminId: admin.id };
}

async function importAll(
  provider: { providerId: string; adminId: string },
  upstreamIds: string[],
  platform = "instagram",
  targetKind: "post" | "profile" = "post",
) {
  const imported = await importProviderServices(db(), {
    adminId: provider.adminId,
    providerId: provider.providerId,
    selection: {
      upstreamIds,
      platform,
      categoryId: null,
      targetKind,
      markup: { percent: "50", minPer1000: "0" },
      enable: true,
    },
  });
  if (!imported.ok) throw new Error(imported.message);
  return imported;
}

async function mappedRow(providerId: string, upstreamId: string) {
  const [row] = await db()
    .select({ service: services, mapping: providerServices })
    .from(providerServices)
    .innerJoin(services, eq(services.id, providerServices.serviceId))
    .where(
      and(eq(providerServices.providerId, providerId), eq(providerServices.providerServiceId, upstreamId)),
    );
  if (!row) throw new Error(`nothing mapped to ${upstreamId}`);
  return row;
}

/** What `quantity` of a mapped service costs the shop, in cents rounded up (docs/decisions/037). */
function costCents(costPer1000: string, quantity: number): number {
  const [whole = "0", fraction = ""] = costPer1000.split(".");
  const units = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, "0"));
  return Number((BigInt(quantity) * units + 99_999n) / 100_000n);
}

/** What one package costs the shop, in cents rounded up. */
function packageCostCents(costPerPackage: string): number {
  return costCents(costPerPackage, 1_000);
}

async function order(serviceId: string, quantity: number) {
  const customer = await createUser({ fundsCents: 100_000 });
  return placeOrder(db(), {
    userId: customer.id,
    serviceId,
    quantity,
    targetLink: LINK,
    deliverySpeed: "normal",
  });
}

async function changesOf(serviceId: string) {
  return db()
    .select({ kind: serviceChanges.kind, details: serviceChanges.details })
    .from(serviceChanges)
    .where(eq(serviceChanges.serviceId, serviceId))
    .orderBy(asc(serviceChanges.id));
}

describe("a provider's sync round and the import of its services", () => {
  it("imports each type as what it is, charges at least the cost, and follows a 2.5x rise (follow) or pauses (pause)", async () => {
    const follow = await addPanel(dollarServer, "usd-panel-key-0001");
    expect((await syncProviderNow(db(), { providerId: follow.providerId })).ok).toBe(true);
    const imported = await importAll(follow, ["101", "102", "103", "104", "105"]);
    // The Poll has no shop type: skipped, and the notice says so.
    expect(imported.imported).toHaveLength(4);
    expect(imported.notice).toMatchObject({ title: "4 services imported" });
    expect(imported.notice.message).toContain("(Poll)");

    const likes = await mappedRow(follow.providerId, "101");
    expect(likes.service).toMatchObject({
      orderType: "default",
      serviceType: "one_time",
      dripfeed: true,
      refillDays: 30,
      minQuantity: 100,
      maxQuantity: 10_000,
      pricePer1000: "6.0000",
      platform: "instagram",
      enabled: true,
    });
    expect(likes.mapping).toMatchObject({ upstreamRate: "4.000000", costPer1000: "4.0000" });
    const pack = await mappedRow(follow.providerId, "102");
    // A Package is one unit at a price per package: never a per-1000 service at 1 to 1.
    expect(pack.service).toMatchObject({
      orderType: "package",
      minQuantity: 1,
      maxQuantity: 1,
      pricePer1000: "11.9250",
      refillDays: null,
    });
    expect(pack.mapping).toMatchObject({ costPer1000: "7.9500", providerServiceType: "Package" });
    expect((await mappedRow(follow.providerId, "103")).service).toMatchObject({
      orderType: "custom_comments",
    });
    expect((await mappedRow(follow.providerId, "104")).service).toMatchObject({
      serviceType: "auto",
      defaultPosts: 10,
    });

    // Charged at least the upstream cost as imported.
    const before = await order(likes.service.id, 1_000);
    if (!before.ok) throw new Error(before.message);
    expect(before.order.totalCents).toBeGreaterThanOrEqual(costCents("4.0000", 1_000));
    // A Package is one unit: quantity 1 is charged its price per package, at least the $7.95 it costs.
    const packBefore = await order(pack.service.id, 1);
    if (!packBefore.ok) throw new Error(packBefore.message);
    expect(packBefore.order.totalCents).toBe(1193);
    expect(packBefore.order.totalCents).toBeGreaterThanOrEqual(packageCostCents("7.9500"));

    // A second shop's provider on the same panel that pauses instead of following.
    const pausing = await addPanel(dollarServer, "usd-panel-key-0001", {
      onRateRise: "pause",
      name: "Pausing",
    });
    await syncProviderNow(db(), { providerId: pausing.providerId });
    await importAll(pausing, ["101"]);
    const pausedLikes = await mappedRow(pausing.providerId, "101");

    // The upstream raises every rate 2.5x.
    dollars.services = dollars.services.map((service) => ({
      ...service,
      rate: String(Number(service.rate) * 2.5),
    }));
    const { reports } = await syncAllProviders(db());
    expect(reports.every((report) => report.synced)).toBe(true);

    const followed = await mappedRow(follow.providerId, "101");
    expect(followed.mapping.costPer1000).toBe("10.0000");
    expect(followed.service).toMatchObject({ pricePer1000: "15.0000", enabled: true });
    expect((await mappedRow(follow.providerId, "102")).service.pricePer1000).toBe("29.8125");
    const after = await order(likes.service.id, 1_000);
    if (!after.ok) throw new Error(after.message);
    expect(after.order.totalCents).toBeGreaterThanOrEqual(costCents("10.0000", 1_000));
    const packAfter = await order(pack.service.id, 1);
    if (!packAfter.ok) throw new Error(packAfter.message);
    expect(packAfter.order.totalCents).toBeGreaterThanOrEqual(packageCostCents("19.8750"));
    expect(await changesOf(likes.service.id)).toEqual([
      { kind: "cost_changed", details: { from: "4.0000", to: "10.0000" } },
      { kind: "repriced", details: { from: "6.0000", to: "15.0000", cost: "10.0000" } },
    ]);

    // The pausing provider's service is off sale, at its old price: an order is refused, nothing charged.
    const paused = await mappedRow(pausing.providerId, "101");
    expect(paused.service).toMatchObject({ enabled: false, pricePer1000: "6.0000" });
    const refused = await order(pausedLikes.service.id, 1_000);
    expect(refused).toMatchObject({ ok: false, message: ORDER_TEXT.serviceError.message });
    expect((await changesOf(paused.service.id)).map((change) => change.kind)).toEqual([
      "cost_changed",
      "paused_rate_rise",
    ]);
    // The services list names each service's last sync change.
    const { rows: listed } = await listServicesForAdmin(db(), { q: "Upstream Likes" });
    expect(listed.find((row) => row.id === likes.service.id)?.lastSyncChange).toBe("repriced");
    expect(listed.find((row) => row.id === paused.service.id)?.lastSyncChange).toBe("paused_rate_rise");
    expect(await db().$count(orders)).toBe(4);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("charges an order placed while the sync round raises the price the old price or the new one, never below the cost", async () => {
    const provider = await addPanel(dollarServer, "usd-panel-key-0001");
    await syncProviderNow(db(), { providerId: provider.providerId });
    await importAll(provider, ["101"]);
    const { service } = await mappedRow(provider.providerId, "101");
    const ROUNDS = 6;
    const RACING = 10;
    const QUANTITY = 1_000;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const orderAs = (userId: string) =>
      placeOrder(db(), {
        userId,
        serviceId: service.id,
        quantity: QUANTITY,
        targetLink: LINK,
        deliverySpeed: "normal",
      });
    const customers = async (count: number) =>
      Promise.all(
        Array.from({ length: count }, async () => (await createUser({ fundsCents: 10_000_000 })).id),
      );
    const chargesOf = async (userIds: string[]) =>
      (
        await db()
          .select({ totalCents: orders.totalCents })
          .from(orders)
          .where(inArray(orders.userId, userIds))
      ).map((row) => row.totalCents);
    let raced = { old: 0, new: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const before = await mappedRow(provider.providerId, "101");
      const [early, racing, late] = [await customers(2), await customers(RACING), await customers(2)];
      // The upstream rate rises 2.5x. The round starts and is held at the provider's list while two orders are
      // placed (they see the old price); then the list is answered and ten orders race the round's reprice.
      dollars.services = dollars.services.map((upstream) =>
        upstream.service === 101 ? { ...upstream, rate: String(Number(upstream.rate) * 2.5) } : upstream,
      );
      let answerList = () => {};
      listHeld = new Promise<void>((resolve) => {
        answerList = resolve;
      });
      const sync = syncProviderNow(db(), { providerId: provider.providerId });
      for (const userId of early) expect(await orderAs(userId)).toMatchObject({ ok: true });
      answerList();
      const outcomes = await Promise.all(
        racing.map(async (userId) => {
          await pause(randomInt(0, 40));
          return orderAs(userId);
        }),
      );
      expect(await sync).toMatchObject({ ok: true });
      listHeld = null;
      for (const userId of late) expect(await orderAs(userId)).toMatchObject({ ok: true });

      const after = await mappedRow(provider.providerId, "101");
      expect(Number(after.mapping.costPer1000)).toBeCloseTo(Number(before.mapping.costPer1000) * 2.5, 3);
      const oldCharge = chargeForQuantity(before.service.pricePer1000, QUANTITY);
      const newCharge = chargeForQuantity(after.service.pricePer1000, QUANTITY);
      expect(await chargesOf(early)).toEqual([oldCharge, oldCharge]);
      expect(await chargesOf(late)).toEqual([newCharge, newCharge]);
      for (const outcome of outcomes) expect(outcome).toMatchObject({ ok: true });
      const charges = await chargesOf(racing);
      expect(charges).toHaveLength(RACING);
      for (const totalCents of charges) {
        expect([oldCharge, newCharge]).toContain(totalCents);
        // The old price covered the old cost, the new price the new one: whichever was charged covered its cost.
        const cost = totalCents === oldCharge ? before.mapping.costPer1000 : after.mapping.costPer1000;
        expect(totalCents).toBeGreaterThanOrEqual(costCents(cost!, QUANTITY));
        raced =
          totalCents === oldCharge ? { ...raced, old: raced.old + 1 } : { ...raced, new: raced.new + 1 };
      }
    }
    expect(raced.old + raced.new).toBe(ROUNDS * RACING);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("converts an INR provider's rate before pricing: 250 INR at 0.012 is a $3.00 cost, $4.50 at 50%", async () => {
    const inr = await addPanel(rupeeServer, "inr-panel-key-0002");
    // Without a rate for INR the round stores the catalogue but says why it moved no price; import is refused.
    const first = await syncProviderNow(db(), { providerId: inr.providerId });
    expect(first).toMatchObject({ ok: true });
    const [stored] = await db().select().from(providers).where(eq(providers.id, inr.providerId));
    expect(stored).toMatchObject({ currency: "INR", balance: "100.84", balanceCurrency: "INR" });
    expect(stored?.syncError).toContain("No exchange rate for INR");
    await db()
      .insert(platforms)
      .values({ slug: "telegram", name: "Telegram", linkHosts: ["t.me"] });
    const noRate = await importProviderServices(db(), {
      adminId: inr.adminId,
      providerId: inr.providerId,
      selection: {
        upstreamIds: ["7"],
        platform: "telegram",
        categoryId: null,
        targetKind: "profile",
        markup: { percent: "50", minPer1000: "0" },
        enable: true,
      },
    });
    expect(noRate).toMatchObject({ ok: false, kind: "conflict", title: "No exchange rate" });

    expect(
      (await setExchangeRate(db(), { adminId: inr.adminId, rate: { currency: "INR", usdPerUnit: "0.012" } }))
        .ok,
    ).toBe(true);
    await syncProviderNow(db(), { providerId: inr.providerId });
    const [synced] = await db().select().from(providers).where(eq(providers.id, inr.providerId));
    expect(synced?.syncError).toBeNull();
    // The browser shows the rate in rupees and in dollars.
    const page = await readProviderCatalog(
      db(),
      { id: inr.providerId, usdPerUnit: "0.012" },
      { q: "", category: "", type: "", page: 1 },
    );
    expect(page.rows[0]).toMatchObject({ rate: "250.000000", usdRate: "3.0000", mappedServiceId: null });

    await importAll(inr, ["7"], "telegram", "profile");
    const members = await mappedRow(inr.providerId, "7");
    expect(members.mapping).toMatchObject({ upstreamRate: "250.000000", costPer1000: "3.0000" });
    expect(members.service).toMatchObject({
      pricePer1000: "4.5000",
      platform: "telegram",
      targetKind: "profile",
    });
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "exchange_rate.set"));
    expect(audit).toHaveLength(1);
  });

  it("pauses a service the provider no longer lists, and notes it listed again without selling it", async () => {
    const provider = await addPanel(dollarServer, "usd-panel-key-0001");
    await syncProviderNow(db(), { providerId: provider.providerId });
    await importAll(provider, ["101", "102"]);
    dollars.services = dollars.services.filter((service) => service.service !== 101);
    const gone = await syncAllProviders(db());
    expect(gone.reports[0]).toMatchObject({ synced: true, newlyMissing: 1 });
    const likes = await mappedRow(provider.providerId, "101");
    expect(likes.service.enabled).toBe(false);
    expect((await changesOf(likes.service.id)).map((change) => change.kind)).toEqual(["paused_vanished"]);
    const [missing] = await db()
      .select()
      .from(providerCatalog)
      .where(and(eq(providerCatalog.providerId, provider.providerId), eq(providerCatalog.upstreamId, "101")));
    expect(missing?.missingSince).not.toBeNull();
    // The package, still listed, is untouched.
    expect((await mappedRow(provider.providerId, "102")).service.enabled).toBe(true);

    dollars.reset();
    await syncAllProviders(db());
    expect((await mappedRow(provider.providerId, "101")).service.enabled).toBe(false);
    expect((await changesOf(likes.service.id)).map((change) => change.kind)).toEqual([
      "paused_vanished",
      "listed_again",
    ]);
    const [back] = await db()
      .select()
      .from(providerCatalog)
      .where(and(eq(providerCatalog.providerId, provider.providerId), eq(providerCatalog.upstreamId, "101")));
    expect(back?.missingSince).toBeNull();
  });

  it("narrows limits to the provider's, and a second round over the same answer changes nothing", async () => {
    const provider = await addPanel(dollarServer, "usd-panel-key-0001");
    await syncProviderNow(db(), { providerId: provider.providerId });
    await importAll(provider, ["101", "102"]);
    dollars.services = dollars.services.map((service) =>
      service.service === 101 ? { ...service, min: 500, max: 5_000 } : { ...service, min: 2, max: 3 },
    );
    const first = await syncAllProviders(db());
    expect(first.reports[0]?.changes.map(({ change }) => change.kind)).toEqual(["limits_narrowed"]);
    expect((await mappedRow(provider.providerId, "101")).service).toMatchObject({
      minQuantity: 500,
      maxQuantity: 5_000,
    });
    // A Package stays one unit.
    expect((await mappedRow(provider.providerId, "102")).service).toMatchObject({
      minQuantity: 1,
      maxQuantity: 1,
    });

    const count = await db().$count(serviceChanges);
    const servicesBefore = await db().select().from(services).orderBy(asc(services.id));
    const second = await syncAllProviders(db());
    expect(second.reports[0]).toMatchObject({ synced: true, changes: [] });
    expect(await db().$count(serviceChanges)).toBe(count);
    const servicesAfter = await db().select().from(services).orderBy(asc(services.id));
    expect(servicesAfter.map(({ updatedAt: _, ...row }) => row)).toEqual(
      servicesBefore.map(({ updatedAt: _, ...row }) => row),
    );
  });

  it("changes nothing on an error answer, a list it cannot read, or an empty list, and says why", async () => {
    const provider = await addPanel(dollarServer, "usd-panel-key-0001");
    await syncProviderNow(db(), { providerId: provider.providerId });
    await importAll(provider, ["101"]);
    const before = await mappedRow(provider.providerId, "101");
    dollars.services = dollars.services.map((service) => ({ ...service, rate: "40" }));
    const replies = [
      { status: 200, body: { error: "Service list temporarily unavailable" } },
      { status: 502, body: "<html>Bad gateway</html>" },
      { status: 200, body: { services: "not a list" } },
      { status: 200, body: [] },
      { status: 200, body: [{ service: 101, name: "Upstream Likes", rate: "forty", min: 1, max: 2 }] },
    ];
    for (const reply of replies) {
      dollars.servicesReply = reply;
      const answer = await syncProviderNow(db(), { providerId: provider.providerId });
      expect(answer).toMatchObject({
        ok: false,
        kind: "unavailable",
        title: "Sync failed: nothing was changed",
      });
      const [stored] = await db().select().from(providers).where(eq(providers.id, provider.providerId));
      expect(stored?.syncError).toBeTruthy();
      const after = await mappedRow(provider.providerId, "101");
      expect(after.service).toEqual(before.service);
      expect(after.mapping.costPer1000).toBe("4.0000");
    }
    // An entry it cannot read among others leaves that one service alone and reads the rest.
    dollars.servicesReply = {
      status: 200,
      body: [
        { service: 101, name: "Upstream Likes", rate: { amount: 40 }, min: 100, max: 10_000 },
        { service: 102, name: "Upstream Likes Package", type: "Package", rate: "7.95", min: 1, max: 1 },
      ],
    };
    const partial = await syncAllProviders(db());
    expect(partial.reports[0]).toMatchObject({ synced: true, unreadable: 1, newlyMissing: 3, changes: [] });
    expect((await mappedRow(provider.providerId, "101")).service).toEqual(before.service);
    expect(await changesOf(before.service.id)).toEqual([]);
    dollars.servicesReply = null;
    await syncProviderNow(db(), { providerId: provider.providerId });
    const [cleared] = await db().select().from(providers).where(eq(providers.id, provider.providerId));
    expect(cleared?.syncError).toBeNull();
  });

  it("skips an upstream service already mapped, and browses the catalogue by name, category, type and page", async () => {
    const provider = await addPanel(dollarServer, "usd-panel-key-0001");
    dollars.services = [
      ...dollars.services,
      ...Array.from({ length: 120 }, (_, index) => ({
        service: 1_000 + index,
        name: `Bulk Views ${index}`,
        category: index % 2 === 0 ? "YouTube Views" : "TikTok Views",
        rate: "0.5",
        min: 100,
        max: 100_000,
      })),
    ];
    await syncProviderNow(db(), { providerId: provider.providerId });
    await importAll(provider, ["101"]);
    const again = await importAll(provider, ["101", "1000"]);
    expect(again.imported).toHaveLength(1);
    expect(again.notice.message).toContain("1 already mapped to a service of the shop was skipped.");

    const read = (query: Partial<{ q: string; category: string; type: string; page: number }>) =>
      readProviderCatalog(
        db(),
        { id: provider.providerId, usdPerUnit: "1" },
        { q: "", category: "", type: "", page: 1, ...query },
      );
    const first = await read({});
    expect(first).toMatchObject({ total: 125, pages: 3, page: 1 });
    expect(first.rows).toHaveLength(50);
    expect(first.categories).toContain("YouTube Views");
    expect(first.types).toEqual(["Custom Comments", "Default", "Package", "Poll", "Subscriptions"]);
    expect((await read({ page: 3 })).rows).toHaveLength(25);
    const search = await read({ q: "likes pack" });
    expect(search.rows.map((row) => row.upstreamId)).toEqual(["102"]);
    expect((await read({ category: "TikTok Views" })).total).toBe(60);
    expect((await read({ type: "Package" })).rows.map((row) => row.name)).toEqual(["Upstream Likes Package"]);
    const mapped = (await read({ q: "Upstream Likes" })).rows.find((row) => row.upstreamId === "101");
    expect(mapped?.mappedServiceId).toBeTruthy();

    // The page lists the mapped services 50 at a time, each with its cost, price and margin.
    await importAll(
      provider,
      Array.from({ length: 120 }, (_, index) => String(1_000 + index)),
    );
    const firstMapped = await readProviderPage(db(), provider.providerId, {
      q: "",
      category: "",
      type: "",
      page: 1,
    });
    expect(firstMapped?.mappedTotal).toBe(121);
    expect(firstMapped?.mapped).toHaveLength(50);
    const lastMapped = await readProviderPage(
      db(),
      provider.providerId,
      { q: "", category: "", type: "", page: 1 },
      3,
    );
    expect(lastMapped?.mapped).toHaveLength(21);
    const likes = [...(firstMapped?.mapped ?? []), ...(lastMapped?.mapped ?? [])].find(
      (row) => row.providerServiceId === "101",
    );
    expect(likes).toMatchObject({
      costPer1000: "4.0000",
      pricePer1000: "6.0000",
      margin: { margin: "2.0000", percent: 33.3 },
    });
  });

  it("refreshes exchange rates from the configured source, never over an operator's rate", async () => {
    const feed = createServer((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ INR: 0.0125, EUR: "1.08", usd: 1, BAD: "x", xx: 2 }));
    });
    await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/rates.json`;
    try {
      const admin = await createUser({ admin: true });
      await setExchangeRate(db(), { adminId: admin.id, rate: { currency: "INR", usdPerUnit: "0.012" } });
      const { rates } = await syncAllProviders(db(), { exchangeRatesUrl: url });
      expect(rates).toEqual({ read: true, updated: ["EUR"] });
      const stored = await db().select().from(exchangeRates).orderBy(asc(exchangeRates.currency));
      expect(stored.map(({ currency, usdPerUnit, source }) => ({ currency, usdPerUnit, source }))).toEqual([
        { currency: "EUR", usdPerUnit: "1.08000000", source: "feed" },
        { currency: "INR", usdPerUnit: "0.01200000", source: "operator" },
      ]);
    } finally {
      await new Promise((resolve) => feed.close(resolve));
    }
  });
});
