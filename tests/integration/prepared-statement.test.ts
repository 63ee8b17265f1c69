import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { connect } from "../../app/db/client.server.ts";
import { executePrepared, MAX_PREPARED_SHAPES } from "../../app/db/prepared-statement.server.ts";
import { orders, services } from "../../app/db/schema.ts";
import { recordPaidOrder } from "../../app/domain/orders/record-paid-order.server.ts";
import { cents } from "../../app/domain/pricing/cents.ts";
import { readEnv } from "../../app/lib/env.server.ts";
import { createUser, fundWallet } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

beforeEach(resetDatabase);

// One connection, so what PostgreSQL keeps prepared for it can be read back on the same connection.
const single = connect(process.env.DATABASE_URL ?? "", 1);
afterAll(() => single.pool.end());

async function preparedOnConnection(): Promise<string[]> {
  const result = await single.pool.query<{ name: string }>(
    "select name from pg_prepared_statements where name like 'boostly_%'",
  );
  return result.rows.map((row) => row.name);
}

describe("hot statements run prepared", () => {
  it("plans the order statement once per connection and charges every order", async () => {
    const customer = await createUser();
    await fundWallet(customer.id, 1_000);
    const [likes] = await single.db.select().from(services).where(eq(services.slug, "instagram-likes"));
    const before = await preparedOnConnection();
    for (let index = 0; index < 3; index++) {
      const placed = await recordPaidOrder(single.db, {
        userId: customer.id,
        serviceId: likes!.id,
        serviceName: likes!.name,
        quantity: 100,
        // A post each: one link takes one active order per service (product rules 4.27).
        targetLink: `https://www.instagram.com/p/Prepared${index}/`,
        deliverySpeed: "normal",
        totalCents: cents(40),
        discountTenths: 0,
        metadata: { service_name: likes!.name, platform: "instagram" },
      });
      expect("ok" in placed && placed.ok && placed.balanceCents).toBe(1_000 - 40 * (index + 1));
    }
    const added = (await preparedOnConnection()).filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    expect(await single.db.select().from(orders).where(eq(orders.userId, customer.id))).toHaveLength(3);
  });

  it("prepares nothing with DATABASE_PREPARED_STATEMENTS=off, for poolers that cannot carry them", async () => {
    const before = await preparedOnConnection();
    // The setting reads as `prepare` = false: what executePrepared uses when it is not given one.
    expect(readEnv({ DATABASE_PREPARED_STATEMENTS: "off" }).preparedStatements).toBe(false);
    const result = await executePrepared<{ answer: number }>(
      single.db,
      sql`select ${41}::int + 1 as answer`,
      false,
    );
    expect(result.rows[0]?.answer).toBe(42);
    expect(await preparedOnConnection()).toEqual(before);
    await executePrepared(single.db, sql`select ${41}::int + 1 as answer`);
    expect((await preparedOnConnection()).length).toBe(before.length + 1);
  });

  it("stops preparing new shapes past its limit instead of piling up plans", async () => {
    for (let value = 0; value < 100; value++) {
      const result = await executePrepared<{ value: number }>(single.db, sql.raw(`select ${value} as value`));
      expect(result.rows[0]?.value).toBe(value);
    }
    expect((await preparedOnConnection()).length).toBeLessThanOrEqual(MAX_PREPARED_SHAPES);
  });
});
