import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders, services, settings } from "../../app/db/schema.ts";
import { ORDER_TEXT } from "../../app/domain/orders/messages.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { findLedgerMismatches } from "../../app/domain/wallet/check-ledger.server.ts";
import { balanceOf, createUser, serviceBySlug } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// placeOrder prices from a per-process cache of the service and the maintenance switch; these tests change the
// catalogue right after a cached read and check that the charge always follows the database, never the cache.

// resetDatabase also puts back the seeded catalogue and clears the settings these tests change.
beforeEach(resetDatabase);

let posts = 0;
/** A post each: one link takes one active order per service (product rules 4.27). */
function freshPost(): string {
  posts += 1;
  return `https://www.instagram.com/p/CacheTest${posts}/`;
}

async function order(userId: string, serviceId: string, quantity = 150, expectedTotalCents?: number) {
  return placeOrder(db(), {
    userId,
    serviceId,
    quantity,
    targetLink: freshPost(),
    deliverySpeed: "normal",
    expectedTotalCents: expectedTotalCents === undefined ? undefined : cents(expectedTotalCents),
  });
}

describe("orders priced from cached catalogue reads", () => {
  it("charges a price changed a moment ago, not the cached one", async () => {
    const service = await serviceBySlug("instagram-likes");
    const user = await createUser({ fundsCents: 10_000 });
    expect(await order(user.id, service.id)).toMatchObject({ ok: true, order: { totalCents: 60 } });
    await db().update(services).set({ pricePer1000: "8.0000" }).where(eq(services.id, service.id));
    expect(await order(user.id, service.id)).toMatchObject({ ok: true, order: { totalCents: 120 } });
    // The customer saw the new total: it is the server's total, so it is accepted.
    expect(await order(user.id, service.id, 150, 120)).toMatchObject({
      ok: true,
      order: { totalCents: 120 },
    });
    expect(await balanceOf(user.id)).toBe(10_000 - 60 - 120 - 120);
    expect(await findLedgerMismatches(db())).toEqual([]);
  });

  it("refuses a service disabled a moment ago and charges nothing", async () => {
    const service = await serviceBySlug("instagram-likes");
    const user = await createUser({ fundsCents: 10_000 });
    expect((await order(user.id, service.id)).ok).toBe(true);
    await db().update(services).set({ enabled: false }).where(eq(services.id, service.id));
    expect(await order(user.id, service.id)).toMatchObject({ ok: false, ...ORDER_TEXT.serviceError });
    expect(await balanceOf(user.id)).toBe(10_000 - 60);
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(1);
  });

  it("accepts a quantity allowed by limits lowered a moment ago", async () => {
    const service = await serviceBySlug("instagram-likes");
    const user = await createUser({ fundsCents: 10_000 });
    expect((await order(user.id, service.id)).ok).toBe(true);
    await db().update(services).set({ minQuantity: 10 }).where(eq(services.id, service.id));
    expect(await order(user.id, service.id, 50)).toMatchObject({ ok: true, order: { totalCents: 20 } });
  });

  it("refuses an order right after maintenance is switched on, and takes one right after it is switched off", async () => {
    const service = await serviceBySlug("instagram-likes");
    const user = await createUser({ fundsCents: 10_000 });
    expect((await order(user.id, service.id)).ok).toBe(true);
    await db()
      .insert(settings)
      .values({ key: "maintenanceMode", value: true })
      .onConflictDoUpdate({ target: settings.key, set: { value: true } });
    expect(await order(user.id, service.id)).toMatchObject({ ok: false, ...ORDER_TEXT.maintenance });
    await db().update(settings).set({ value: false }).where(eq(settings.key, "maintenanceMode"));
    expect((await order(user.id, service.id)).ok).toBe(true);
    expect(await balanceOf(user.id)).toBe(10_000 - 120);
  });
});
