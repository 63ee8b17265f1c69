import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "../../app/db/client.server.ts";
import { platforms, services, ticketMessages, tickets, users } from "../../app/db/schema.ts";
import { countCustomers } from "../../app/domain/accounts/count-customers.server.ts";
import { listLikesPacks } from "../../app/domain/catalog/list-likes-packs.server.ts";
import { listPlatformFromPrices } from "../../app/domain/catalog/list-platform-from-prices.server.ts";
import { readShopFigures } from "../../app/domain/content/read-shop-figures.server.ts";
import { chargeForQuantity } from "../../app/domain/pricing/price.ts";
import { measureSupportReplies } from "../../app/domain/tickets/measure-support-replies.server.ts";
import { createUser } from "../support/factories.ts";
import { resetDatabase } from "../support/worker-database.ts";

// Product rules 7.9 to 7.11: the figures the storefront shows, from the shop's own rows. The rounding and
// thresholds are asserted in tests/unit/shop-figures.test.ts; the pages carrying them in
// tests/integration/http/shop-figures.test.ts.

beforeEach(resetDatabase);

const MINUTE = 60_000;

/** A ticket opened `daysAgo` days ago whose thread is `entries`: who wrote, minutes after the ticket opened. */
async function ticketThread(
  customerId: string,
  entries: { by: "customer" | "admin"; at: number; statusOnly?: boolean }[],
  daysAgo = 1,
) {
  const opened = Date.now() - daysAgo * 24 * 60 * MINUTE;
  const [ticket] = await db()
    .insert(tickets)
    .values({ userId: customerId, category: "request", subject: "Help", createdAt: new Date(opened) })
    .returning();
  for (const entry of entries)
    await db()
      .insert(ticketMessages)
      .values({
        ticketId: ticket!.id,
        authorRole: entry.by,
        body: entry.statusOnly ? null : "Text",
        status: entry.statusOnly ? "in_progress" : null,
        createdAt: new Date(opened + entry.at * MINUTE),
      });
}

describe("the from-prices (product rules 7.9)", () => {
  /** The least one order of the platform's enabled one-time services costs, as the order pages charge it. */
  async function cheapestOrder(platform: string) {
    const rows = await db()
      .select()
      .from(services)
      .where(
        sql`${services.platform} = ${platform} and ${services.enabled} and ${services.serviceType} = 'one_time'`,
      );
    const charges = rows.map((service) => chargeForQuantity(service, service.minQuantity));
    if (platform === "instagram")
      charges.push(...(await listLikesPacks(db())).map((pack) => pack.priceCents));
    return Math.min(...charges);
  }

  it("is each listed platform's cheapest smallest order, and follows a price change", async () => {
    const prices = await listPlatformFromPrices(db());
    for (const platform of ["instagram", "youtube", "spotify", "tiktok"])
      expect(prices.get(platform), platform).toBe(await cheapestOrder(platform));

    await db()
      .update(services)
      .set({ pricePer1000: "0.0100", minQuantity: 1000 })
      .where(eq(services.slug, "youtube-views"));
    expect((await listPlatformFromPrices(db())).get("youtube")).toBe(1);
  });

  it("leaves out disabled services, auto services and platforms with nothing to order", async () => {
    await db().update(services).set({ enabled: false }).where(eq(services.platform, "spotify"));
    await db().update(platforms).set({ listed: false }).where(eq(platforms.slug, "tiktok"));
    const prices = await listPlatformFromPrices(db());
    expect(prices.has("spotify")).toBe(false);
    expect(prices.has("tiktok")).toBe(false);
    expect(prices.has("instagram")).toBe(true);
  });
});

describe("the customer count (product rules 7.10)", () => {
  it("counts confirmed accounts that are not admins", async () => {
    await createUser();
    await createUser();
    await createUser({ admin: true });
    await db().insert(users).values({ email: "unconfirmed@example.test", emailVerified: false });
    expect(await countCustomers(db())).toBe(2);
  });

  it("is hidden on a small shop and shown rounded down above the threshold", async () => {
    await createUser();
    expect((await readShopFigures(db())).customers).toBeNull();
    await db().execute(sql`
      insert into users (email, email_verified)
      select 'bulk-' || n || '@example.test', true from generate_series(1, 1233) n`);
    expect((await readShopFigures(db())).customers).toBe("1,200+");
  });
});

describe("support's reply time (product rules 7.11)", () => {
  it("measures each answer from the customer's first message since the last one", async () => {
    const customer = await createUser();
    // Waits: 10 (first message to answer), 30 (a reply at 40 and another at 50 waiting since 40, answered at 70);
    // a status change alone answers nothing, so the third wait (100) runs to the answer at 130: 30.
    await ticketThread(customer.id, [
      { by: "customer", at: 0 },
      { by: "admin", at: 10 },
      { by: "customer", at: 40 },
      { by: "customer", at: 50 },
      { by: "admin", at: 70 },
      { by: "customer", at: 100 },
      { by: "admin", at: 110, statusOnly: true },
      { by: "admin", at: 130 },
      { by: "customer", at: 200 },
    ]);
    // Another ticket: 90 minutes. An unanswered ticket counts for nothing.
    await ticketThread(customer.id, [
      { by: "customer", at: 0 },
      { by: "admin", at: 90 },
    ]);
    await ticketThread(customer.id, [{ by: "customer", at: 0 }]);
    // A ticket opened before the window is not measured.
    await ticketThread(
      customer.id,
      [
        { by: "customer", at: 0 },
        { by: "admin", at: 1 },
      ],
      31,
    );
    expect(await measureSupportReplies(db())).toEqual({ answered: 4, medianSeconds: 30 * 60 });
    expect((await readShopFigures(db())).supportReply).toBeNull();

    await ticketThread(customer.id, [
      { by: "customer", at: 0 },
      { by: "admin", at: 45 },
    ]);
    // 10, 30, 30, 45, 90: the median is 30 minutes.
    expect(await measureSupportReplies(db())).toEqual({ answered: 5, medianSeconds: 30 * 60 });
    expect((await readShopFigures(db())).supportReply).toBe("30 minutes");
  });
});
