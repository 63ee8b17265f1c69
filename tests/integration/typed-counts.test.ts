/**
 * A count a form could not read reaches the domain as NaN (`sentCount`, docs/decisions/011-typed-counts.md), which
 * it refuses with the same message as a count outside the service's limits and charges nothing. Which texts are
 * counts: tests/unit/quantity-input.test.ts; that each page's action hands them over: http/typed-counts.test.ts.
 */
import "../support/worker-database.ts";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { autoOrders, orders } from "../../app/db/schema.ts";
import { placeAutoOrder } from "../../app/domain/auto-orders/place-auto-order.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import { balanceOf, createUser, serviceId } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

describe("a count that is not one (NaN)", () => {
  it("refuses a one-time order's quantity like one out of range, charging nothing", async () => {
    const user = await createUser({ fundsCents: 1_000 });
    const result = await placeOrder(db(), {
      userId: user.id,
      serviceId: await serviceId("Instagram Likes"),
      quantity: Number.NaN,
      targetLink: "https://www.instagram.com/p/NotACount1/",
      deliverySpeed: "normal",
    });
    expect(result).toMatchObject({
      ok: false,
      title: "Invalid quantity",
      message: "Quantity must be between 100 and 100,000.",
    });
    expect(await db().$count(orders, eq(orders.userId, user.id))).toBe(0);
    expect(await balanceOf(user.id)).toBe(1_000);
  });

  it.each([
    ["per post", { perPost: Number.NaN }, "Engagement per post must be between 100 and 100,000."],
    ["posts", { posts: Number.NaN }, "Number of posts must be between 1 and 100."],
  ])("refuses an auto order's %s like one out of range, charging nothing", async (_field, count, message) => {
    const user = await createUser({ fundsCents: 1_000 });
    const result = await placeAutoOrder(db(), {
      userId: user.id,
      serviceId: await serviceId("Instagram Auto Likes"),
      username: "not.a.count",
      perPost: 100,
      posts: 10,
      deliverySpeed: "normal",
      ...count,
    });
    expect(result).toMatchObject({ ok: false, message });
    expect(await db().$count(autoOrders, eq(autoOrders.userId, user.id))).toBe(0);
    expect(await balanceOf(user.id)).toBe(1_000);
  });
});
