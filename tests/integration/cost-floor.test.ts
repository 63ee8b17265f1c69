import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import {
  autoOrders,
  likesPacks,
  orders,
  providerServices,
  providers,
  services,
} from "../../app/db/schema.ts";
import { placeAutoOrder } from "../../app/domain/auto-orders/place-auto-order.server.ts";
import { placeManualAutoOrder } from "../../app/domain/auto-orders/place-manual-auto-order.server.ts";
import { previewMassOrder } from "../../app/domain/orders/mass-order-preview.server.ts";
import { ORDER_TEXT } from "../../app/domain/orders/messages.ts";
import { placeManualOrder } from "../../app/domain/orders/place-manual-order.server.ts";
import { placeMassOrder } from "../../app/domain/orders/place-mass-order.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { placePackageOrder, placePackOrder } from "../../app/domain/orders/place-pack-order.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, serviceBySlug } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Product rules 13.12 and 13.13 (docs/decisions/037): the statement that charges an order refuses it, nothing
// charged, when its charge is below the known upstream cost of what it sends; at or above that cost it is placed.

beforeEach(resetDatabase);
// Its mappings price the seeded services below cost: a file that runs next in this worker without resetting
// (page-versions.test.ts keeps what it finds) must not inherit them.
afterAll(resetDatabase);

const POST = "https://www.instagram.com/p/CostFloor1/";
const FUNDS = 100_000;

/** A provider whose mappings carry a cost (as a sync would have written it). */
async function provider(): Promise<string> {
  const [row] = await db()
    .insert(providers)
    .values({
      name: "Cost panel",
      apiUrl: "https://panel.example/api/v2",
      apiKeyEncrypted: "-",
      apiKeyHint: "-",
    })
    .returning({ id: providers.id });
  return row!.id;
}

/** Maps a service to the provider at a cost in dollars per 1000 (per package for a provider's Package). */
async function mapAtCost(serviceId: string, costPer1000: string | null, type = "Default") {
  await db()
    .insert(providerServices)
    .values({
      serviceId,
      providerId: await provider(),
      providerServiceId: randomUUID().slice(0, 8),
      providerServiceType: type,
      costPer1000,
    });
}

/** A one-time Instagram service of the test's own, with the given order type and price. */
async function ownService(values: Partial<typeof services.$inferInsert>) {
  const slug = `cost-floor-${randomUUID().slice(0, 8)}`;
  const [row] = await db()
    .insert(services)
    .values({
      slug,
      name: `Instagram Cost Floor ${slug}`,
      platform: "instagram",
      serviceType: "one_time",
      pricePer1000: "4.0000",
      minQuantity: 10,
      maxQuantity: 10_000,
      ...values,
    })
    .returning();
  return row!;
}

type Placed = { ok: boolean; code?: string; kind?: string; message?: string };

/**
 * One order path: the service whose mapping carries the cost, its provider type, the cost per 1000 (per package)
 * at which the charge exactly covers the cost, and how the path places one order for a customer.
 */
type OrderPath = {
  name: string;
  setUp: () => Promise<{ serviceId: string; type?: string; atCost: string; aboveCost: string }>;
  place: (customerId: string, serviceId: string) => Promise<Placed>;
  /** What one accepted order charged, in cents. */
  charged: number;
};

const quantityOrder =
  (quantity: number, extra: Record<string, unknown> = {}) =>
  (userId: string, serviceId: string) =>
    placeOrder(db(), { userId, serviceId, quantity, targetLink: POST, deliverySpeed: "normal", ...extra });

const slugService = (slug: string, atCost: string, aboveCost: string, type?: string) => async () => ({
  serviceId: (await serviceBySlug(slug)).id,
  atCost,
  aboveCost,
  type,
});

const PATHS: OrderPath[] = [
  {
    // $4.00/1000 x 150 = 60 cents; at $4.00 the 150 likes cost 60 cents, at $4.0001 61 (cents rounded up).
    name: "a Default order (Instagram Likes x 150)",
    setUp: slugService("instagram-likes", "4.0000", "4.0001"),
    place: quantityOrder(150),
    charged: 60,
  },
  {
    name: "a Package order ($7.95 per package, a provider's Package)",
    setUp: async () => ({
      serviceId: (
        await ownService({ orderType: "package", pricePer1000: "7.9500", minQuantity: 1, maxQuantity: 1 })
      ).id,
      type: "Package",
      atCost: "7.9500",
      aboveCost: "7.9501",
    }),
    place: quantityOrder(1),
    charged: 795,
  },
  {
    name: "a Custom Comments order (10 comments at $500/1000)",
    setUp: async () => ({
      serviceId: (await ownService({ orderType: "custom_comments", pricePer1000: "500.0000" })).id,
      atCost: "500.0000",
      aboveCost: "500.0001",
    }),
    place: quantityOrder(10, { comments: Array.from({ length: 10 }, (_, index) => `Comment ${index + 1}`) }),
    charged: 500,
  },
  {
    // 3 runs of 100 at $4.00/1000: $1.20, 40 cents a run; each run's 100 units cost 40 cents at $4.00, 41 above.
    name: "a drip-feed order (3 runs of 100 at $4.00/1000), run by run",
    setUp: async () => ({
      serviceId: (await ownService({ dripfeed: true })).id,
      atCost: "4.0000",
      aboveCost: "4.0001",
    }),
    place: quantityOrder(100, { dripFeed: { runs: 3, intervalMinutes: 10 } }),
    charged: 120,
  },
  {
    // The small pack: 500 likes for $7.95, delivered as Instagram Likes: 500 likes cost $7.95 at $15.90/1000.
    name: "a likes pack from its page (small, 500 likes for $7.95)",
    setUp: slugService("instagram-likes", "15.9000", "15.9001"),
    place: (userId) =>
      placePackOrder(db(), {
        userId,
        packCode: "small",
        targetLink: POST,
        deliverySpeed: "normal",
        extraLikes: false,
        extraViews: false,
        comments: 0,
      }),
    charged: 795,
  },
  {
    name: "a likes pack by its API id (the Package type, small)",
    setUp: slugService("instagram-likes", "15.9000", "15.9001"),
    place: async (userId) => {
      const [pack] = await db().select().from(likesPacks).where(eq(likesPacks.code, "small"));
      return placePackageOrder(db(), { userId, packId: pack!.id, targetLink: POST });
    },
    charged: 795,
  },
  {
    name: "a mass order's line of a Package (service id | link | 1)",
    setUp: async () => ({
      serviceId: (
        await ownService({ orderType: "package", pricePer1000: "7.9500", minQuantity: 1, maxQuantity: 1 })
      ).id,
      type: "Package",
      atCost: "7.9500",
      aboveCost: "7.9501",
    }),
    place: async (userId, serviceId) => {
      const [service] = await db().select().from(services).where(eq(services.id, serviceId));
      const paste = `${service!.apiId} | ${POST} | 1`;
      const preview = await previewMassOrder(db(), userId, paste);
      if (!preview.ok) return preview;
      const placed = await placeMassOrder(db(), {
        userId,
        batchId: preview.batchId,
        paste,
        expectedTotalCents: preview.totalCents,
      });
      if (!placed.ok) return placed;
      return placed.lines[0]!;
    },
    charged: 795,
  },
  {
    name: "a manual order an admin places (Instagram Likes x 150)",
    setUp: slugService("instagram-likes", "4.0000", "4.0001"),
    place: async (userId, serviceId) => {
      const admin = await createUser({ admin: true });
      return placeManualOrder(db(), {
        adminId: admin.id,
        userId,
        serviceId,
        quantity: 150,
        target: POST,
        deliverySpeed: "fast",
        idempotencyKey: randomUUID(),
        adminNotes: "",
      });
    },
    charged: 60,
  },
  {
    // Instagram Auto Likes $4.00/1000, 100 per post: 40 cents a post, x 10 posts; each post costs 40 at $4.00.
    name: "an auto order (Instagram Auto Likes, 100 per post x 10 posts), post by post",
    setUp: slugService("instagram-auto-likes", "4.0000", "4.0001", "Subscriptions"),
    place: (userId, serviceId) =>
      placeAutoOrder(db(), {
        userId,
        serviceId,
        username: "costfloor",
        perPost: 100,
        posts: 10,
        deliverySpeed: "normal",
      }),
    charged: 400,
  },
  {
    name: "a manual auto order an admin places (100 per post x 10 posts)",
    setUp: slugService("instagram-auto-likes", "4.0000", "4.0001"),
    place: async (userId, serviceId) => {
      const admin = await createUser({ admin: true });
      return placeManualAutoOrder(db(), {
        adminId: admin.id,
        userId,
        serviceId,
        quantity: 100,
        posts: 10,
        target: "costfloor",
        deliverySpeed: "normal",
        idempotencyKey: randomUUID(),
        adminNotes: "",
      });
    },
    charged: 400,
  },
];

async function ordersOf(userId: string): Promise<number> {
  return (
    (await db().$count(orders, eq(orders.userId, userId))) +
    (await db().$count(autoOrders, eq(autoOrders.userId, userId)))
  );
}

describe("the order statement's floor: each order path", () => {
  it.each(PATHS.map((path) => [path.name, path] as const))(
    "%s: refused below the known cost, nothing charged; placed at the cost and above it",
    async (_name, path) => {
      const { serviceId, type, atCost, aboveCost } = await path.setUp();
      await mapAtCost(serviceId, aboveCost, type);
      const customer = await createUser({ fundsCents: FUNDS });

      const refused = await path.place(customer.id, serviceId);
      expect(refused).toMatchObject({
        ok: false,
        kind: "unavailable",
        code: "below_cost",
        message: ORDER_TEXT.belowCost.message,
      });
      expect(await balanceOf(customer.id)).toBe(FUNDS);
      expect(await ordersOf(customer.id)).toBe(0);

      await db()
        .update(providerServices)
        .set({ costPer1000: atCost })
        .where(eq(providerServices.serviceId, serviceId));
      expect(await path.place(customer.id, serviceId)).toMatchObject({ ok: true });
      expect(await balanceOf(customer.id)).toBe(FUNDS - path.charged);
      expect(await ordersOf(customer.id)).toBe(1);
      expect(await findLedgerMismatches(db())).toEqual([]);
    },
  );

  it("does not check a cost it does not know: a mapping without a cost (null) places the order", async () => {
    const cheap = await ownService({ pricePer1000: "0.0100" });
    await mapAtCost(cheap.id, null);
    const customer = await createUser({ fundsCents: FUNDS });
    expect(await quantityOrder(150)(customer.id, cheap.id)).toMatchObject({
      ok: true,
      order: { totalCents: 1 },
    });
  });

  it("checks a pack part by part: a cheap add-on below its cost refuses the pack, though the total covers it", async () => {
    // The pack's likes cover their cost; its extra views ($1.50/1000 x 2,500 = $3.75) are below theirs ($2/1000).
    await mapAtCost((await serviceBySlug("instagram-likes")).id, "1.0000");
    await mapAtCost((await serviceBySlug("instagram-views")).id, "2.0000");
    const customer = await createUser({ fundsCents: FUNDS });
    const pack = {
      userId: customer.id,
      packCode: "small",
      targetLink: POST,
      deliverySpeed: "normal" as const,
      extraLikes: false,
      extraViews: true,
      comments: 0 as const,
    };
    expect(await placePackOrder(db(), pack)).toMatchObject({ ok: false, code: "below_cost" });
    expect(await balanceOf(customer.id)).toBe(FUNDS);
    expect(await placePackOrder(db(), { ...pack, extraViews: false })).toMatchObject({ ok: true });
  });

  it("a mass order is checked line by line: the line below cost is refused, the others are placed", async () => {
    const likes = await serviceBySlug("instagram-likes");
    const views = await serviceBySlug("instagram-views");
    await mapAtCost(likes.id, "4.0001");
    const customer = await createUser({ fundsCents: FUNDS });
    const paste = `${likes.apiId} | ${POST} | 150\n${views.apiId} | ${POST} | 1000`;
    const preview = await previewMassOrder(db(), customer.id, paste);
    if (!preview.ok) throw new Error(preview.message);
    const placed = await placeMassOrder(db(), {
      userId: customer.id,
      batchId: preview.batchId,
      paste,
      expectedTotalCents: preview.totalCents,
    });
    expect(placed).toMatchObject({
      ok: true,
      placed: 1,
      refused: 1,
      lines: [
        { ok: false, line: 1, code: "below_cost", message: ORDER_TEXT.belowCost.message },
        { ok: true, line: 2 },
      ],
    });
    // Instagram Views $1.50/1000 x 1,000: $1.50, the only charge.
    expect(await balanceOf(customer.id)).toBe(FUNDS - 150);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("the floor reads the cost in the charging statement, not a cached one: a cost raised after a read refuses", async () => {
    const likes = await serviceBySlug("instagram-likes");
    await mapAtCost(likes.id, "3.0000");
    const customer = await createUser({ fundsCents: FUNDS });
    // The service is now in this process's short cache; the cost rises in the database only.
    expect(await quantityOrder(150)(customer.id, likes.id)).toMatchObject({ ok: true });
    await db().execute(sql`update provider_services set cost_per_1000 = 5 where service_id = ${likes.id}`);
    expect(await quantityOrder(150)(customer.id, likes.id)).toMatchObject({ ok: false, code: "below_cost" });
    expect(await balanceOf(customer.id)).toBe(FUNDS - 60);
  });
});
