import "../support/worker-database.ts";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders, refills } from "../../app/db/schema.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { setOrderStatus } from "../../app/domain/orders/set-order-status.server.ts";
import { apiOrderId } from "../../app/domain/reseller/api-order-status.ts";
import { apiRefill, apiRefillStatus } from "../../app/domain/reseller/api-refills.server.ts";
import { createUser, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

/** A key's caller, as the API hands it to an action. */
const callerOf = (userId: string) => ({ userId, keyHash: "test-key", counted: true });

let posts = 0;
function nextPost(): string {
  posts += 1;
  return `https://www.instagram.com/p/Api${posts}/`;
}

/** A customer's order of `service` on a post of its own, ended completed (or left pending), as its API id. */
async function apiOrder(userId: string, options: { service?: string; end?: boolean } = {}) {
  const placed = await placeOrder(db(), {
    userId,
    serviceId: await serviceId(options.service ?? "Instagram Likes"),
    quantity: 150,
    targetLink: nextPost(),
    deliverySpeed: "normal",
  });
  if (!placed.ok) throw new Error(placed.message);
  if (options.end !== false) await setOrderStatus(db(), { orderId: placed.order.id, status: "completed" });
  return { id: apiOrderId(placed.order.orderNumber), orderId: placed.order.id };
}

describe("API refill and refill_status: the panels' shapes, always HTTP 200", () => {
  it("refill with `order` answers {refill: '<id>'}, or exactly {error}", async () => {
    const customer = await createUser({ fundsCents: 10_000 });
    const order = await apiOrder(customer.id);
    const answer = await apiRefill(db(), callerOf(customer.id), { order: String(order.id) });
    const [row] = await db().select().from(refills);
    expect(answer.body).toEqual({ refill: String(row!.id) });

    expect(await apiRefill(db(), callerOf(customer.id), { order: String(order.id) })).toEqual({
      body: { error: "A refill of this order is already in progress" },
    });
    expect(await apiRefill(db(), callerOf(customer.id), { order: "99999999" })).toEqual({
      body: { error: "Incorrect order ID" },
    });
    expect(await apiRefill(db(), callerOf(customer.id), { order: "" })).toMatchObject({
      body: { error: expect.stringContaining("Give an order id") },
    });
  });

  it("refill with `orders` answers per order: a refill id or {error}", async () => {
    const customer = await createUser({ fundsCents: 10_000 });
    const stranger = await createUser({ fundsCents: 10_000 });
    const good = await apiOrder(customer.id);
    const pending = await apiOrder(customer.id, { end: false });
    const views = await apiOrder(customer.id, { service: "Instagram Views" });
    const old = await apiOrder(customer.id);
    await db()
      .update(orders)
      .set({ endedAt: sql`now() - interval '40 days'` })
      .where(eq(orders.id, old.orderId));
    const theirs = await apiOrder(stranger.id);
    const answer = await apiRefill(db(), callerOf(customer.id), {
      orders: [good.id, pending.id, views.id, old.id, theirs.id, "abc"].join(", "),
    });
    const [row] = await db().select().from(refills);
    expect(answer.body).toEqual([
      { order: good.id, refill: row!.id },
      {
        order: pending.id,
        refill: {
          error: "Only a completed or partial order can be refilled",
        },
      },
      {
        order: views.id,
        refill: { error: "Refill is not available for this service" },
      },
      {
        order: old.id,
        refill: { error: "The 30-day refill window of this order has passed" },
      },
      { order: theirs.id, refill: { error: "Incorrect order ID" } },
      { order: "abc", refill: { error: "Incorrect order ID" } },
    ]);
  });

  it("refill_status answers {status} for `refill` and per item for `refills`, only the caller's own", async () => {
    const customer = await createUser({ fundsCents: 10_000 });
    const stranger = await createUser({ fundsCents: 10_000 });
    const first = await apiOrder(customer.id);
    const second = await apiOrder(customer.id);
    await apiRefill(db(), callerOf(customer.id), { orders: `${first.id},${second.id}` });
    const [a, b] = await db().select().from(refills).orderBy(refills.id);
    await db().update(refills).set({ status: "completed" }).where(eq(refills.id, a!.id));
    await db().update(refills).set({ status: "in_progress" }).where(eq(refills.id, b!.id));

    expect(await apiRefillStatus(db(), callerOf(customer.id), { refill: String(a!.id) })).toEqual({
      body: { status: "Completed" },
    });
    expect(await apiRefillStatus(db(), callerOf(stranger.id), { refill: String(a!.id) })).toEqual({
      body: { error: "Refill not found" },
    });
    expect(
      await apiRefillStatus(db(), callerOf(customer.id), { refills: `${a!.id}, ${b!.id},424242,x` }),
    ).toEqual({
      body: [
        { refill: a!.id, status: "Completed" },
        { refill: b!.id, status: "In progress" },
        { refill: 424242, status: { error: "Refill not found" } },
        { refill: "x", status: { error: "Refill not found" } },
      ],
    });
    expect(await apiRefillStatus(db(), callerOf(customer.id), {})).toMatchObject({
      body: { error: expect.stringContaining("Give a refill id") },
    });
    const tooMany = Array.from({ length: 101 }, (_, index) => index + 1).join(",");
    expect(await apiRefillStatus(db(), callerOf(customer.id), { refills: tooMany })).toEqual({
      body: { error: "At most 100 order ids per request" },
    });
  });
});
