import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../../app/db/client.server.ts";
import { services } from "../../../app/db/schema.ts";
import { createUser } from "../../support/factories.ts";
import { Visitor, visibleText } from "../../support/http.ts";

// A service's average completion time on its pages (product rules 4.23): the median of the last 30 days' orders
// completed in one go, shown from 5 orders and not before.

/** A new Instagram service with `hours.length` orders completed yesterday, each taking its hours. */
async function serviceWithCompletedOrders(hours: number[]) {
  const slug = `instagram-median-${randomUUID().slice(0, 8)}`;
  const [service] = await db()
    .insert(services)
    .values({
      slug,
      name: `Instagram Median ${slug.slice(-8)}`,
      platform: "instagram",
      serviceType: "one_time",
      pricePer1000: "4.0000",
      minQuantity: 10,
      maxQuantity: 10_000,
    })
    .returning();
  const customer = await createUser();
  for (const [index, taken] of hours.entries())
    await db().execute(sql`
      insert into orders (user_id, service_id, quantity, target_link, total_cents, status, created_at, ended_at)
      values (${customer.id}, ${service!.id}, 100, ${`https://www.instagram.com/p/Median${index}/`}, 40, 'completed',
        now() - interval '1 day' - make_interval(hours => ${taken}), now() - interval '1 day')`);
  return slug;
}

async function textOf(path: string) {
  const response = await new Visitor().request(path);
  expect(response.status).toBe(200);
  return visibleText(await response.text());
}

describe("a service's average completion time", () => {
  it("shows on the service page and its order page from five completed orders", async () => {
    const slug = await serviceWithCompletedOrders([1, 2, 3, 5, 8]);
    const line = "Average completion time: 3 hours (the median of orders completed in the last 30 days)";
    expect(await textOf(`/service/${slug}`)).toContain(line);
    expect(await textOf(`/order/${slug}`)).toContain(line);
  });

  it("is not shown, nor anything in its place, with four", async () => {
    const slug = await serviceWithCompletedOrders([1, 2, 3, 5]);
    expect(await textOf(`/service/${slug}`)).not.toContain("Average completion time");
    expect(await textOf(`/order/${slug}`)).not.toContain("Average completion time");
  });
});
