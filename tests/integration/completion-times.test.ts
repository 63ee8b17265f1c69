import "../support/worker-database.ts";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { orders } from "../../app/db/schema.ts";
import { listCustomerOrders } from "../../app/domain/orders/list-customer-orders.server.ts";
import { placeOrder } from "../../app/domain/orders/place-order.server.ts";
import {
  completionTimesSql,
  readServiceCompletionTimes,
} from "../../app/domain/orders/service-completion-times.server.ts";
import { createUser, serviceBySlug } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// A service's median completion time over the last 30 days (product rules 4.23) and a running order's estimated
// finish (4.24).

const HOUR = 3_600;

beforeEach(async () => {
  await resetDatabase();
});

/** An order of `slug` placed by `userId` (unmapped: a person delivers it), then dated and ended as given. */
async function pastOrder(
  userId: string,
  slug: string,
  options: { hours: number; endedDaysAgo: number; status?: "completed" | "cancelled"; runs?: boolean },
) {
  const placed = await placeOrder(db(), {
    userId,
    serviceId: (await serviceBySlug(slug)).id,
    quantity: 300,
    targetLink: `https://www.instagram.com/p/Median${Math.random().toString(36).slice(2, 10)}/`,
    deliverySpeed: options.runs ? "normal" : "fast",
    paceBySpeed: options.runs,
  });
  if (!placed.ok) throw new Error(placed.message);
  await db().execute(sql`
    update orders set status = ${options.status ?? "completed"},
      ended_at = now() - make_interval(days => ${options.endedDaysAgo}),
      created_at = now() - make_interval(days => ${options.endedDaysAgo}, secs => ${options.hours * HOUR})
    where id = ${placed.order.id}`);
  return placed.order.id;
}

describe("a service's median completion time", () => {
  it("is the median of the last 30 days' orders completed in one go, and absent below 5 of them", async () => {
    const customer = await createUser({ fundsCents: 100_000 });
    const likes = await serviceBySlug("instagram-likes");
    const followers = await serviceBySlug("instagram-followers");
    for (const hours of [1, 2, 3, 4, 5, 6])
      await pastOrder(customer.id, "instagram-likes", { hours, endedDaysAgo: 2 });
    // Not counted: ended 40 days ago, cancelled, or paced over days.
    await pastOrder(customer.id, "instagram-likes", { hours: 100, endedDaysAgo: 40 });
    await pastOrder(customer.id, "instagram-likes", { hours: 100, endedDaysAgo: 40 });
    await pastOrder(customer.id, "instagram-likes", { hours: 90, endedDaysAgo: 1, status: "cancelled" });
    await pastOrder(customer.id, "instagram-likes", { hours: 48, endedDaysAgo: 1, runs: true });
    // Four recent orders of Instagram Followers: too few to say anything.
    for (const hours of [1, 2, 3, 4])
      await pastOrder(customer.id, "instagram-followers", { hours, endedDaysAgo: 3 });

    const times = await readServiceCompletionTimes(db(), [likes.id, followers.id]);
    expect(times).toEqual(new Map([[likes.id, 3.5 * HOUR]]));

    // A fifth Followers order within the window makes it shown: 1, 2, 3, 4, 10 hours → 3.
    await pastOrder(customer.id, "instagram-followers", { hours: 10, endedDaysAgo: 29 });
    expect((await readServiceCompletionTimes(db(), [followers.id])).get(followers.id)).toBe(3 * HOUR);
  });

  it("is read through orders_completed_service_idx over a few thousand orders", async () => {
    const customer = await createUser();
    const likes = await serviceBySlug("instagram-likes");
    await db().execute(sql`
      insert into orders (user_id, service_id, quantity, target_link, total_cents, status, created_at, ended_at)
      select ${customer.id}, s.id, 100, 'https://www.instagram.com/p/Bulk' || g || '/', 40,
        (case when g % 3 = 0 then 'cancelled' else 'completed' end)::order_status,
        now() - make_interval(days => g % 60, secs => 3600 + g),
        now() - make_interval(days => g % 60)
      from generate_series(1, 4000) g
      cross join (select id from services where slug in ('instagram-likes', 'instagram-followers', 'tiktok-likes')) s`);
    await db().execute(sql`analyze orders`);
    const plan = await db().execute<{ "QUERY PLAN": string }>(sql`explain ${completionTimesSql([likes.id])}`);
    const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).toContain("orders_completed_service_idx");
    expect(text).not.toMatch(/Seq Scan on orders/);
    expect((await readServiceCompletionTimes(db(), [likes.id])).get(likes.id)).toBeGreaterThan(HOUR);
  });
});

describe("a running order's estimated finish on /orders", () => {
  it("is placement + the service's median, a paced order's last run + the median, and nothing without a basis", async () => {
    const customer = await createUser({ fundsCents: 100_000 });
    for (const hours of [2, 2, 2, 4, 4])
      await pastOrder(customer.id, "instagram-likes", { hours, endedDaysAgo: 1 });

    const place = async (slug: string, speed: "fast" | "normal") => {
      const placed = await placeOrder(db(), {
        userId: customer.id,
        serviceId: (await serviceBySlug(slug)).id,
        quantity: 1_000,
        targetLink: `https://www.instagram.com/p/Finish${speed}${slug.length}/`,
        deliverySpeed: speed,
        paceBySpeed: true,
      });
      if (!placed.ok) throw new Error(placed.message);
      const [row] = await db().select().from(orders).where(eq(orders.id, placed.order.id));
      return row!;
    };
    const atOnce = await place("instagram-likes", "fast");
    const paced = await place("instagram-likes", "normal");
    const noMedian = await place("instagram-followers", "fast");

    const listed = new Map((await listCustomerOrders(db(), customer.id)).orders.map((o) => [o.id, o]));
    expect(listed.get(atOnce.id)?.estimatedFinish).toBe(
      new Date(atOnce.createdAt.getTime() + 2 * HOUR * 1_000).toISOString(),
    );
    // Normal: 9 runs 6 hours apart, the last at 48 hours, then the median.
    expect(listed.get(paced.id)?.estimatedFinish).toBe(
      new Date(paced.createdAt.getTime() + (48 + 2) * HOUR * 1_000).toISOString(),
    );
    expect(listed.get(paced.id)?.delivery).toBe("Normal (2-3 days): 9 runs of about 111, one every 6 hours");
    expect(listed.get(atOnce.id)?.delivery).toBe("Fast (24-48 hours): sent at once");
    expect(listed.get(noMedian.id)?.estimatedFinish).toBeNull();
    // An ended order has none.
    const ended = [...listed.values()].find((order) => order.status === "completed");
    expect(ended?.estimatedFinish).toBeNull();
  });
});
