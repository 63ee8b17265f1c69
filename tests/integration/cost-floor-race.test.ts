import { randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders, providerServices, providers, services, transactions } from "../../app/db/schema.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { createUser, serviceBySlug } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// The must-show of product rules 13.12 (docs/decisions/037): orders placed while a provider sync raises a service's
// upstream cost and its price (one transaction, as the sync's reprice does) are charged the old price or the new
// one, never below the cost in force when their statement charged them.

beforeEach(resetDatabase);

const ROUNDS = 25;
const ORDERS_PER_ROUND = 12;
const QUANTITY = 150;
const POST = "https://www.instagram.com/p/CostRace1/";
/** Instagram Likes x 150: $4.00/1000 costing $3.00 before the sync; after it, a 2.5x cost ($7.50) and $10.00. */
const BEFORE = { price: "4.0000", cost: "3.0000", chargeCents: 60 };
const AFTER = { price: "10.0000", cost: "7.5000", chargeCents: 150 };

async function mappedLikes(): Promise<string> {
  const likes = await serviceBySlug("instagram-likes");
  const [provider] = await db()
    .insert(providers)
    .values({
      name: "Racing panel",
      apiUrl: "https://panel.example/api/v2",
      apiKeyEncrypted: "-",
      apiKeyHint: "-",
    })
    .returning({ id: providers.id });
  await db().insert(providerServices).values({
    serviceId: likes.id,
    providerId: provider!.id,
    providerServiceId: "11",
    costPer1000: BEFORE.cost,
  });
  return likes.id;
}

/** Sets the cost and the price together, as one sync transaction; `pause` ms between the two writes. */
async function reprice(serviceId: string, to: { price: string; cost: string }, pauseMs = 0) {
  await db().transaction(async (tx) => {
    await tx
      .update(providerServices)
      .set({ costPer1000: to.cost })
      .where(eq(providerServices.serviceId, serviceId));
    if (pauseMs) await tx.execute(sql`select pg_sleep(${pauseMs / 1000})`);
    await tx.update(services).set({ pricePer1000: to.price }).where(eq(services.id, serviceId));
  });
}

/** The database's clock: orders' created_at (their statement's start) are read on it too. */
async function databaseNow(): Promise<Date> {
  const result = await db().execute<{ now: string }>(sql`select clock_timestamp()::text as now`);
  return new Date(result.rows[0]!.now);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One round: the sync's transaction and ORDERS_PER_ROUND orders (one customer each) start together, each order
 * after a random few milliseconds; returns when the sync's commit was seen done.
 */
async function raceRound(serviceId: string, customers: string[], to: { price: string; cost: string }) {
  const sync = (async () => {
    await pause(randomInt(0, 15));
    await reprice(serviceId, to, randomInt(0, 20));
    return databaseNow();
  })();
  const placed = customers.map(async (userId) => {
    await pause(randomInt(0, 40));
    return placeOrder(db(), {
      userId,
      serviceId,
      quantity: QUANTITY,
      targetLink: POST,
      deliverySpeed: "normal",
    });
  });
  const [committedBy, ...outcomes] = await Promise.all([sync, ...placed]);
  return { committedBy: committedBy as Date, outcomes: outcomes as Awaited<ReturnType<typeof placeOrder>>[] };
}

async function ordersOf(customers: string[]) {
  return db()
    .select({
      id: orders.id,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      userId: orders.userId,
    })
    .from(orders)
    .where(inArray(orders.userId, customers));
}

describe("orders racing a sync that raises a service's cost and price", () => {
  it(`are charged the old price or the new one, never below the cost in force (${ROUNDS} rounds of ${ORDERS_PER_ROUND} concurrent orders)`, async () => {
    const serviceId = await mappedLikes();
    let placedAtOld = 0;
    let placedAtNew = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await reprice(serviceId, BEFORE);
      const customers = await Promise.all(
        Array.from({ length: ORDERS_PER_ROUND }, async () => (await createUser({ fundsCents: 10_000 })).id),
      );
      const { committedBy, outcomes } = await raceRound(serviceId, customers, AFTER);
      // Every order is placed (the old price with the old cost, or the new price with the new one).
      for (const outcome of outcomes) expect(outcome).toMatchObject({ ok: true });
      for (const order of await ordersOf(customers)) {
        expect([BEFORE.chargeCents, AFTER.chargeCents]).toContain(order.totalCents);
        // A statement that started after the sync committed saw the new cost: it charged the new price.
        if (order.createdAt > committedBy) expect(order.totalCents).toBe(AFTER.chargeCents);
        if (order.totalCents === BEFORE.chargeCents) placedAtOld++;
        else placedAtNew++;
      }
    }
    // The race was run: both prices were charged.
    expect(placedAtOld).toBeGreaterThan(0);
    expect(placedAtNew).toBeGreaterThan(0);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("are refused, nothing charged, once the cost rises past a price the sync left as it was", async () => {
    const serviceId = await mappedLikes();
    let refused = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await reprice(serviceId, BEFORE);
      const customers = await Promise.all(
        Array.from({ length: ORDERS_PER_ROUND }, async () => (await createUser({ fundsCents: 10_000 })).id),
      );
      // The cost rises to $7.50 and the price stays $4.00: 150 likes cost $1.13 and would be charged $0.60.
      const { committedBy, outcomes } = await raceRound(serviceId, customers, {
        price: BEFORE.price,
        cost: AFTER.cost,
      });
      for (const outcome of outcomes) {
        if (!outcome.ok) {
          expect(outcome).toMatchObject({ kind: "unavailable", code: "below_cost" });
          refused++;
        }
      }
      const placed = await ordersOf(customers);
      expect(placed.length + outcomes.filter((outcome) => !outcome.ok).length).toBe(ORDERS_PER_ROUND);
      for (const order of placed) expect(order.createdAt <= committedBy).toBe(true);
      // A refused customer paid nothing.
      const refusedCustomers = customers.filter((id) => !placed.some((order) => order.userId === id));
      if (refusedCustomers.length)
        expect(
          await db().$count(
            transactions,
            and(inArray(transactions.userId, refusedCustomers), eq(transactions.type, "purchase")),
          ),
        ).toBe(0);
    }
    expect(refused).toBeGreaterThan(0);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });
});
